/**
 * What the audit log keeps of MCP server changes: the configuration before and after (command,
 * arguments, URL), the names of the secrets — never their values, and URL query values count as
 * secrets — and, when what a server runs or where it connects changes, the workflows affected.
 */
import { recordAudit, type AuditDetails, type AuditValue } from '../audit/audit-log'
import type { Prisma } from '../db/database'
import type { OwnedWorkflowReference } from './mcp-server-references'
import type { SecretsPatch } from '@/lib/contracts/mcp-servers'

export const MCP_SERVER_RESOURCE = 'mcp_server'

/** What an audit snapshot reads: a server as the API presents it (secret key names, no values). */
export interface AuditedServerRow {
  id: string
  name: string
  description: string
  transport: string
  config: unknown
  secretKeys: { env: string[]; headers: string[] }
  enabled: boolean
  loadToolsOnDemand: boolean
  shareConnection: boolean
}

/** A URL with every query value replaced: query strings carry tokens. */
export function maskUrlQuery(url: string): string {
  if (!URL.canParse(url)) return '(invalid URL)'
  const parsed = new URL(url)
  parsed.username = ''
  parsed.password = ''
  const keys = [...parsed.searchParams.keys()]
  const query = keys.length ? `?${keys.map((key) => `${encodeURIComponent(key)}=[secret]`).join('&')}` : ''
  return `${parsed.origin}${parsed.pathname}${query}`
}

function auditedConfig(config: unknown): AuditValue {
  if (typeof config !== 'object' || config === null) return null
  const record = config as Record<string, unknown>
  if (typeof record.url === 'string') return { url: maskUrlQuery(record.url) }
  const args = Array.isArray(record.args) ? record.args.filter((arg): arg is string => typeof arg === 'string') : []
  return {
    command: typeof record.command === 'string' ? record.command : null,
    args,
    ...(typeof record.cwd === 'string' ? { cwd: record.cwd } : {}),
  }
}

/** The server as the audit log shows it: everything but secret values. */
export function auditSnapshot(row: AuditedServerRow): AuditDetails {
  return {
    name: row.name,
    description: row.description,
    transport: row.transport,
    enabled: row.enabled,
    loadToolsOnDemand: row.loadToolsOnDemand,
    shareConnection: row.shareConnection,
    config: auditedConfig(row.config),
    secretKeys: { env: [...row.secretKeys.env].sort(), headers: [...row.secretKeys.headers].sort() },
  }
}

/** Which snapshot fields differ. */
function changedFields(before: AuditDetails, after: AuditDetails): string[] {
  return Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
}

/** The secret keys a patch set (new values, never shown) or removed. */
function secretChanges(patch: SecretsPatch | undefined): AuditValue {
  const changes: { [kind: string]: AuditValue } = {}
  for (const kind of ['env', 'headers'] as const) {
    const entries = Object.entries(patch?.[kind] ?? {})
    if (entries.length === 0) continue
    changes[kind] = {
      set: entries.filter(([, value]) => value !== null).map(([key]) => key),
      removed: entries.filter(([, value]) => value === null).map(([key]) => key),
    }
  }
  return changes
}

function affected(references: readonly OwnedWorkflowReference[]): AuditValue {
  return references.map((reference) => ({ workflowId: reference.workflowId, workflowName: reference.workflowName, versions: reference.versions }))
}

type Writer = Pick<Prisma, 'auditLog'>

export async function auditServerCreated(prisma: Writer, actorId: string | null, row: AuditedServerRow, source: 'api' | 'manifest' = 'api'): Promise<void> {
  await recordAudit(prisma, {
    actorId,
    action: 'mcp_server.create',
    resourceType: MCP_SERVER_RESOURCE,
    resourceId: row.id,
    details: { source, after: auditSnapshot(row) },
  })
}

export async function auditServerUpdated(
  prisma: Writer,
  actorId: string | null,
  change: {
    before: AuditedServerRow
    after: AuditedServerRow
    secrets?: SecretsPatch
    /** Set when what the server runs or where it connects changed. */
    affectedWorkflows?: readonly OwnedWorkflowReference[]
    source?: 'api' | 'manifest'
  },
): Promise<void> {
  const before = auditSnapshot(change.before)
  const after = auditSnapshot(change.after)
  const details: AuditDetails = {
    source: change.source ?? 'api',
    changed: changedFields(before, after),
    before,
    after,
    secretsChanged: secretChanges(change.secrets),
  }
  if (change.affectedWorkflows) details.affectedWorkflows = affected(change.affectedWorkflows)
  await recordAudit(prisma, { actorId, action: 'mcp_server.update', resourceType: MCP_SERVER_RESOURCE, resourceId: change.after.id, details })
}

export async function auditServerDeleted(
  prisma: Writer,
  actorId: string | null,
  row: AuditedServerRow,
  affectedWorkflows: readonly OwnedWorkflowReference[],
): Promise<void> {
  await recordAudit(prisma, {
    actorId,
    action: 'mcp_server.delete',
    resourceType: MCP_SERVER_RESOURCE,
    resourceId: row.id,
    details: { before: auditSnapshot(row), affectedWorkflows: affected(affectedWorkflows) },
  })
}
