/**
 * Re-sealing every secret at rest: with a new master key (`rotateSecrets`, the `rotate-key` admin
 * command), or with the same key to encrypt rows written before encryption existed
 * (`sealPlainSecrets`, run at start). Both also move the secret parts of stored server URLs into
 * the sealed secrets. A rotation re-seals the agents' own API keys too (they were sealed from the
 * start, so there is nothing plain to upgrade), and the sealed workflow checkpoints. Everything happens in one transaction, with the rows locked: either every
 * secret is sealed with the new key or none is.
 */
import type { Prisma } from '../db/database'
import { isPlainSecretsColumn, openServerSecrets, sealServerSecrets } from '../mcp/mcp-server-secrets'
import { SecretBox } from '../secrets/secret-box'
import { splitUrlSecrets, URL_SECRET_MARK, type UrlSecrets } from '../secrets/url-secrets'

type Transaction = Parameters<Parameters<Prisma['$transaction']>[0]>[0]

export interface ResealSummary {
  /** Servers whose secrets were sealed (again). */
  resealed: string[]
  /** Servers already sealed with the target key (a rotation run a second time). */
  unchanged: string[]
  /** Agents whose own API key was sealed again with the new key (a rotation only). */
  resealedAgentKeys: string[]
  /** Stored workflow checkpoints sealed again with the new key (a rotation only: a parked run must still resume). */
  resealedCheckpoints: number
  /** Workspaces whose approval webhook URL was sealed again with the new key (a rotation only). */
  resealedWebhooks?: string[]
  /** Workflow webhooks (triggers, issue #32) whose signing secret was sealed again with the new key (a rotation only). */
  resealedWorkflowHooks?: string[]
  /** Workspaces' model credentials (issue #32) whose key was sealed again with the new key (a rotation only). */
  resealedCredentials?: string[]
}

/** A URL stored before its secret parts were split out: split them out now (values already split stay). */
function splitStoredUrl(config: unknown, stored: UrlSecrets): { config: unknown; url: UrlSecrets } {
  const url = (config as { url?: unknown } | null)?.url
  if (typeof url !== 'string' || (!url.includes('?') && !url.includes('@'))) return { config, url: stored }
  const split = splitUrlSecrets(url, stored)
  // A `[secret]` with no stored value has nothing to keep; it stays a literal placeholder.
  const query = split.secrets.query.filter(([, value]) => value !== URL_SECRET_MARK)
  return { config: { ...(config as object), url: split.url }, url: { ...split.secrets, query } }
}

async function resealAll(tx: Transaction, from: SecretBox, to: SecretBox, only: 'plain' | 'all'): Promise<ResealSummary> {
  // Locked, so that no row is written with the old key while the others move to the new one.
  await tx.$queryRawUnsafe('SELECT "rowId" FROM "McpServer" FOR UPDATE')
  const rows = await tx.mcpServer.findMany({ select: { rowId: true, id: true, config: true, secrets: true }, orderBy: [{ id: 'asc' }, { rowId: 'asc' }] })
  const summary: ResealSummary = { resealed: [], unchanged: [], resealedAgentKeys: [], resealedCheckpoints: 0 }
  for (const row of rows) {
    const sealed = (row.secrets as { sealed?: string } | null)?.sealed
    const plain = isPlainSecretsColumn(row.secrets)
    if (!plain && (only === 'plain' || (sealed !== undefined && to.sealedWithThisKey(sealed) && from.keyId !== to.keyId))) {
      summary.unchanged.push(row.id)
      continue
    }
    const secrets = openServerSecrets(from, row.secrets)
    const { config, url } = splitStoredUrl(row.config, secrets.url)
    await tx.mcpServer.update({
      where: { rowId: row.rowId },
      // updatedAt moves on: other processes notice and rebuild their redactors.
      data: { config: config as object, secrets: sealServerSecrets(to, { ...secrets, url }) },
    })
    summary.resealed.push(row.id)
  }
  if (only === 'all') {
    await resealAgentKeys(tx, from, to, summary)
    await resealCheckpoints(tx, from, to, summary)
    await resealWebhooks(tx, from, to, summary)
    await resealWorkflowHooks(tx, from, to, summary)
    await resealCredentials(tx, from, to, summary)
  }
  return summary
}

async function resealAgentKeys(tx: Transaction, from: SecretBox, to: SecretBox, summary: ResealSummary): Promise<void> {
  await tx.$queryRawUnsafe('SELECT id FROM "Agent" WHERE "apiKey" IS NOT NULL FOR UPDATE')
  const agents = await tx.agent.findMany({ where: { apiKey: { not: null } }, select: { id: true, apiKey: true }, orderBy: { id: 'asc' } })
  for (const agent of agents) {
    const sealed = agent.apiKey!
    // Already moved by a rotation run before: nothing to do.
    if (to.sealedWithThisKey(sealed) && from.keyId !== to.keyId) continue
    await tx.agent.update({ where: { id: agent.id }, data: { apiKey: to.seal(from.open(sealed)) } })
    summary.resealedAgentKeys.push(agent.id)
  }
}

/** Workspaces' approval webhook URLs (approvals/approval-routing.ts), sealed from the start like the agents' keys. */
async function resealWebhooks(tx: Transaction, from: SecretBox, to: SecretBox, summary: ResealSummary): Promise<void> {
  await tx.$queryRawUnsafe('SELECT "workspaceId" FROM "WorkspaceApprovalRouting" WHERE webhook IS NOT NULL FOR UPDATE')
  const rows = await tx.workspaceApprovalRouting.findMany({ where: { webhook: { not: null } }, select: { workspaceId: true, webhook: true } })
  summary.resealedWebhooks = []
  for (const row of rows) {
    if (to.sealedWithThisKey(row.webhook!) && from.keyId !== to.keyId) continue
    await tx.workspaceApprovalRouting.update({ where: { workspaceId: row.workspaceId }, data: { webhook: to.seal(from.open(row.webhook!)) } })
    summary.resealedWebhooks.push(row.workspaceId)
  }
}

/** Workflow webhooks' signing secrets (triggers/webhook-service.ts), sealed from the start. */
async function resealWorkflowHooks(tx: Transaction, from: SecretBox, to: SecretBox, summary: ResealSummary): Promise<void> {
  await tx.$queryRawUnsafe('SELECT id FROM "WorkflowWebhook" FOR UPDATE')
  const rows = await tx.workflowWebhook.findMany({ select: { id: true, secret: true }, orderBy: { id: 'asc' } })
  summary.resealedWorkflowHooks = []
  for (const row of rows) {
    if (to.sealedWithThisKey(row.secret) && from.keyId !== to.keyId) continue
    await tx.workflowWebhook.update({ where: { id: row.id }, data: { secret: to.seal(from.open(row.secret)) } })
    summary.resealedWorkflowHooks.push(row.id)
  }
}

/** Workspaces' model credentials (credentials/credential-secret.ts), sealed from the start. */
async function resealCredentials(tx: Transaction, from: SecretBox, to: SecretBox, summary: ResealSummary): Promise<void> {
  await tx.$queryRawUnsafe('SELECT id FROM "ProviderCredential" FOR UPDATE')
  const rows = await tx.providerCredential.findMany({ select: { id: true, secret: true }, orderBy: { id: 'asc' } })
  summary.resealedCredentials = []
  for (const row of rows) {
    if (to.sealedWithThisKey(row.secret) && from.keyId !== to.keyId) continue
    // updatedAt moves on: other processes notice and rebuild their redactors.
    await tx.providerCredential.update({ where: { id: row.id }, data: { secret: to.seal(from.open(row.secret)) } })
    summary.resealedCredentials.push(row.id)
  }
}

/** Checkpoints are sealed whole (checkpoints/sealed-checkpoint.ts); rows from before sealing stay as they are. */
async function resealCheckpoints(tx: Transaction, from: SecretBox, to: SecretBox, summary: ResealSummary): Promise<void> {
  const rows = await tx.$queryRawUnsafe<Array<{ id: string; sealed: string }>>(
    `SELECT id, data->>'sealed' AS sealed FROM "Checkpoint" WHERE jsonb_typeof(data->'sealed') = 'string' ORDER BY id FOR UPDATE`,
  )
  for (const row of rows) {
    if (to.sealedWithThisKey(row.sealed) && from.keyId !== to.keyId) continue
    await tx.$executeRawUnsafe(`UPDATE "Checkpoint" SET data = $2::jsonb WHERE id = $1`, row.id, JSON.stringify({ sealed: to.seal(from.open(row.sealed)) }))
    summary.resealedCheckpoints += 1
  }
}

/** Re-encrypts every secret from `oldMasterKey` to `newMasterKey` (plain rows from before encryption included), in one transaction. */
export async function rotateSecrets(prisma: Prisma, oldMasterKey: Buffer, newMasterKey: Buffer): Promise<ResealSummary> {
  const from = new SecretBox(oldMasterKey)
  const to = new SecretBox(newMasterKey)
  return prisma.$transaction((tx) => resealAll(tx, from, to, 'all'), { timeout: 60_000 })
}

/** Encrypts rows written before secrets were encrypted (a one-time upgrade, run at every start: cheap when there is nothing to do). */
export async function sealPlainSecrets(prisma: Prisma, box: SecretBox): Promise<ResealSummary> {
  const rows = await prisma.mcpServer.findMany({ select: { id: true, secrets: true }, orderBy: { id: 'asc' } })
  if (!rows.some((row) => isPlainSecretsColumn(row.secrets)))
    return { resealed: [], unchanged: rows.map((row) => row.id), resealedAgentKeys: [], resealedCheckpoints: 0 }
  return prisma.$transaction((tx) => resealAll(tx, box, box, 'plain'))
}
