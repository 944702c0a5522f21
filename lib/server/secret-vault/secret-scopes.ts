/**
 * Which secrets a run, a chat turn or a conversation can see, so that its text is redacted with
 * those and the app's own only (SecretVault.scopedRedactor): the MCP servers and saved agents its
 * document uses (sub-workflows' too), the agent a conversation talks with, and — for a conversation
 * continued from a run — that run's. Another member's values never erase text in it.
 *
 * The worker that holds a run tells its scope from the document it already has (`remember`), so
 * a chat turn costs no statement more; any other process (a web process taking an approval, a share
 * view) reads it from the run's row once and keeps it.
 */
import {
  AgentSettingsSchema,
  collectAgentRefs,
  collectCredentialIds,
  collectMcpServerIds,
  collectSubWorkflowRefs,
  MAX_SUB_WORKFLOW_DEPTH,
  parseGraphDocument,
  type AgentSettings,
  type GraphDocument,
} from '@/lib/graph'
import { runScope, type RunScope } from '../auth/principal'
import { nameOwnerFrom, runNameOwner, type NameOwner } from '../auth/name-owner'
import type { Prisma } from '../db/database'
import type { SecretRedactor } from '../secrets/redaction'
import type { SecretScope, SecretVault } from './secret-vault'

/** Runs whose scope is kept at once; the oldest goes first (a forgotten one is read again). */
const RUN_SCOPE_CACHE_SIZE = 2_000

function parseAgentSettings(raw: unknown): AgentSettings | undefined {
  const parsed = AgentSettingsSchema.safeParse(raw ?? {})
  return parsed.success ? parsed.data : undefined
}

/**
 * The servers and saved agents `document` uses, its sub-workflows' included, as `owner` may use
 * them. Reads only what the document refers to: a document without saved agents or sub-workflows
 * costs no statement.
 */
export async function documentSecretScope(
  prisma: Prisma,
  document: GraphDocument,
  owner: RunScope,
  values: readonly string[] = [],
  /** Whose server ids the document names (its owner's); without it, every server of the id `owner` may see counts. */
  serverOwner?: NameOwner,
): Promise<SecretScope> {
  const documents = [document]
  let frontier = collectSubWorkflowRefs(document)
  const seen = new Set<string>()
  for (let depth = 0; frontier.length > 0 && depth <= MAX_SUB_WORKFLOW_DEPTH; depth++) {
    const next: typeof frontier = []
    for (const ref of frontier) {
      const key = `${ref.workflowId}@${ref.version ?? 'latest'}`
      if (seen.has(key)) continue
      seen.add(key)
      const row = await prisma.workflowVersion.findFirst({
        where: { workflowId: ref.workflowId, ...(ref.version === undefined ? {} : { version: ref.version }), workflow: owner },
        orderBy: { version: 'desc' },
        select: { graph: true },
      })
      const parsed = row ? parseGraphDocument(row.graph) : undefined
      if (!parsed?.ok) continue
      documents.push(parsed.document)
      next.push(...collectSubWorkflowRefs(parsed.document))
    }
    frontier = next
  }
  const agentRefs = documents.flatMap(collectAgentRefs)
  const saved = new Map<string, AgentSettings>()
  for (const ref of agentRefs) {
    const key = `${ref.agentId}@${ref.version ?? 'latest'}`
    if (saved.has(key)) continue
    const row = await prisma.agentVersion.findFirst({
      where: { agentId: ref.agentId, ...(ref.version === undefined ? {} : { version: ref.version }), agent: owner },
      orderBy: { version: 'desc' },
      select: { definition: true },
    })
    const settings = row ? parseAgentSettings(row.definition) : undefined
    if (settings) saved.set(key, settings)
  }
  const lookup = (agentId: string, version: number | undefined) => saved.get(`${agentId}@${version ?? 'latest'}`)
  return {
    mcpServerIds: [...new Set(documents.flatMap((each) => collectMcpServerIds(each, lookup)))],
    agentIds: [...new Set(agentRefs.map((ref) => ref.agentId))],
    credentialIds: [...new Set(documents.flatMap((each) => collectCredentialIds(each, lookup)))],
    owner,
    serverOwner,
    values,
  }
}

function credentialIdsOf(definitions: readonly AgentSettings[]): string[] {
  return [...new Set(definitions.flatMap((settings) => (settings.model.credentialId ? [settings.model.credentialId] : [])))]
}

function mergeScopes(a: SecretScope, b: SecretScope): SecretScope {
  return {
    mcpServerIds: [...(a.mcpServerIds ?? []), ...(b.mcpServerIds ?? [])],
    agentIds: [...(a.agentIds ?? []), ...(b.agentIds ?? [])],
    credentialIds: [...(a.credentialIds ?? []), ...(b.credentialIds ?? [])],
    owner: a.owner,
    serverOwner: a.serverOwner,
    values: [...(a.values ?? []), ...(b.values ?? [])],
  }
}

export class SecretScopes {
  private readonly runs = new Map<string, Promise<SecretScope>>()

  constructor(
    private readonly prisma: Prisma,
    private readonly vault: SecretVault,
  ) {}

  /** The run's scope as the worker that holds it knows it (from the document it runs). */
  remember(runId: string, scope: Promise<SecretScope>): void {
    // A scope that cannot be told (an invalid document: the run fails) leaves the app's own secrets; its owner still counts.
    const kept = scope.catch(() => ({}))
    this.runs.delete(runId)
    this.keep(runId, kept)
  }

  /** The redactor for a run's stored and shown text. */
  async forRun(runId: string): Promise<SecretRedactor> {
    return this.vault.scopedRedactor(await this.runScope(runId))
  }

  /** The redactor for a conversation: its agent (every version), and the run it was continued from. */
  async forConversation(conversationId: string): Promise<SecretRedactor> {
    const conversation = await this.prisma.conversation.findUnique({
      where: { id: conversationId },
      select: {
        agentId: true,
        originRunId: true,
        ownerId: true,
        workspaceId: true,
        agent: { select: { ownerId: true, workspaceId: true, versions: { select: { definition: true } } } },
      },
    })
    if (!conversation) return this.vault.scopedRedactor({})
    const owner = await this.ownerScope(conversation.workspaceId, conversation.ownerId)
    const definitions = (conversation.agent?.versions ?? []).flatMap((version) => parseAgentSettings(version.definition) ?? [])
    let scope: SecretScope = {
      mcpServerIds: [...new Set(definitions.flatMap((settings) => settings.mcpServerIds))],
      agentIds: conversation.agentId === null ? [] : [conversation.agentId],
      credentialIds: credentialIdsOf(definitions),
      owner,
      serverOwner: await this.nameOwner(conversation.agent ?? conversation),
    }
    if (conversation.originRunId !== null) scope = mergeScopes(scope, await this.runScope(conversation.originRunId))
    return this.vault.scopedRedactor(scope)
  }

  /** Only the app's own secrets: for text that belongs to no run. */
  appOnly(): Promise<SecretRedactor> {
    return this.vault.scopedRedactor({})
  }

  private runScope(runId: string): Promise<SecretScope> {
    const known = this.runs.get(runId)
    if (known) return known
    const read = this.readRunScope(runId)
    this.keep(runId, read)
    read.catch(() => this.runs.delete(runId))
    return read
  }

  private keep(runId: string, scope: Promise<SecretScope>): void {
    if (this.runs.size >= RUN_SCOPE_CACHE_SIZE) this.runs.delete(this.runs.keys().next().value!)
    this.runs.set(runId, scope)
  }

  /** What a run or conversation of this workspace, started by `starterId`, may use (run-lease.ts's rule). */
  private async ownerScope(workspaceId: string | null, starterId: string | null): Promise<RunScope> {
    const starter = starterId === null ? null : await this.prisma.user.findUnique({ where: { id: starterId }, select: { role: true } })
    return runScope(workspaceId, starter?.role)
  }

  private async nameOwner(document: { workspaceId: string | null; ownerId: string | null }): Promise<NameOwner> {
    if (document.workspaceId === null) return nameOwnerFrom(null, null)
    const creator = document.ownerId === null ? null : await this.prisma.user.findUnique({ where: { id: document.ownerId }, select: { role: true } })
    return nameOwnerFrom(document.workspaceId, creator?.role)
  }

  private async readRunScope(runId: string): Promise<SecretScope> {
    const run = await this.prisma.run.findUnique({
      where: { id: runId },
      select: {
        ownerId: true,
        workspaceId: true,
        workspaceScoped: true,
        workflowId: true,
        agentVersionId: true,
        version: { select: { graph: true } },
        agentVersion: { select: { agentId: true, definition: true } },
      },
    })
    if (!run) return {}
    const owner = await this.ownerScope(run.workspaceId, run.workspaceScoped ? null : run.ownerId)
    const serverOwner = await runNameOwner(this.prisma, run)
    if (run.agentVersion) {
      // A chat turn: its agent's servers and own key.
      const settings = parseAgentSettings(run.agentVersion.definition)
      return {
        mcpServerIds: settings?.mcpServerIds ?? [],
        agentIds: [run.agentVersion.agentId],
        credentialIds: credentialIdsOf(settings ? [settings] : []),
        owner,
        serverOwner,
      }
    }
    const parsed = run.version ? parseGraphDocument(run.version.graph) : undefined
    return parsed?.ok ? documentSecretScope(this.prisma, parsed.document, owner, [], serverOwner) : { owner, serverOwner }
  }
}
