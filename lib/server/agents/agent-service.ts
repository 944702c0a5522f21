/**
 * Agents: reusable agent definitions a person owns, with immutable, numbered versions like
 * workflows. A version's definition is lib/graph's AgentSettings, checked when it is stored. Every
 * method acts for a principal: an agent they may not see answers exactly like a missing one (404).
 */
import { randomUUID } from 'node:crypto'
import type {
  AgentListResponse,
  AgentResponse,
  AgentSummary,
  AgentVersionListResponse,
  AgentVersionResponse,
  AgentVersionView,
  AgentView,
  CreatedAgentResponse,
  DeletedAgentResponse,
  UpdatedAgentResponse,
} from '@/lib/contracts/agents'
import { agentSettingsErrors, AgentSettingsSchema, type AgentSettings } from '@/lib/graph'
import type { AppContext } from '../app-context'
import { recordAudit } from '../audit/audit-log'
import type { WorkspaceRole } from '@/lib/contracts/workspace-roles'
import { isAdmin, requireRole, targetWorkspace, visibleTo, type Principal, type WorkspaceScope } from '../auth/principal'
import type { Prisma } from '../db/database'
import { invalidInput, notFound } from '../domain-errors'
import { nameOwnerFrom } from '../auth/name-owner'
import { definitionReferences, refuseForeignReferences } from '../workspaces/foreign-references'
import { presentOffer, setMcpToolOffer } from '../mcp/mcp-tool-offers'
import { requireBase, staleVersion } from '../save-base'
import type { McpToolSetting } from '@/lib/contracts/mcp-tools'
import type { OutboundPolicy } from '../outbound/outbound-policy'
import type { SecretVault } from '../secret-vault/secret-vault'
import { openAgentApiKey, sealAgentApiKey } from './agent-api-key'

type VersionRow = { id?: string; version: number; definition: unknown; note: string; createdAt: Date }
type LatestVersion = { version: number; createdAt: Date; authorId: string | null }
type AgentRow = {
  id: string
  name: string
  description: string
  workspaceId: string | null
  apiKey: string | null
  mcpTool?: { name: string } | null
  createdAt: Date
  updatedAt: Date
}

function latestVersionOf(prisma: Pick<Prisma, 'agentVersion'>, agentId: string): Promise<LatestVersion | null> {
  return prisma.agentVersion.findFirst({ where: { agentId }, orderBy: { version: 'desc' }, select: { version: true, createdAt: true, authorId: true } })
}

/**
 * A stored definition with the defaults of settings added since it was saved. Definitions were
 * checked when stored and new settings always have defaults, so this fails only on a row edited by hand.
 */
export function parseAgentDefinition(raw: unknown): AgentSettings {
  return AgentSettingsSchema.parse(raw ?? {})
}

/** A definition to store: 400 `invalid_agent` with every problem when the agent could not run as set. */
function checkDefinition(definition: AgentSettings): AgentSettings {
  const problems = agentSettingsErrors(definition, 'The agent').filter((problem) => problem.severity === 'error')
  if (problems.length > 0) throw invalidInput('invalid_agent', problems.map((problem) => problem.message).join(' '), { problems })
  return definition
}

function presentVersion(row: VersionRow): AgentVersionView {
  return { version: row.version, definition: parseAgentDefinition(row.definition), note: row.note, createdAt: row.createdAt.toISOString() }
}

/** Never the key: only whether there is one. */
function presentAgent(row: AgentRow): AgentView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    workspaceId: row.workspaceId,
    mcpTool: presentOffer(row.mcpTool),
    hasApiKey: row.apiKey !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export class AgentService {
  constructor(
    private readonly prisma: Prisma,
    /** Seals the agents' own API keys; told when one changes, so that redaction covers it at once. */
    private readonly secrets: SecretVault,
    /** Checks a member's model base URL as it is saved (a run checks it again on every connection). */
    private readonly outbound?: OutboundPolicy,
  ) {}

  /** A member's agent whose model base URL the outbound policy refuses: a 400 now rather than a failed run later. */
  private async assertBaseUrlAllowed(principal: Principal, definition: AgentSettings): Promise<void> {
    const { provider, baseUrl } = definition.model
    if (isAdmin(principal) || !this.outbound || provider === 'default' || provider === 'demo' || !baseUrl) return
    const refusal = await this.outbound.refusalOf(baseUrl)
    if (!refusal) return
    throw invalidInput('outbound_address_refused', `Invalid agent: model.baseUrl: ${refusal.message}`, {
      issues: [{ path: 'definition.model.baseUrl', message: refusal.message }],
    })
  }

  /** The column value for a key given on create or update: sealed, or null to clear it. */
  private sealedKey(apiKey: string | null): string | null {
    return apiKey === null ? null : sealAgentApiKey(this.secrets.box, apiKey)
  }

  /** Who set or removed an agent's key, and when (never the key). */
  private async keyChanged(tx: Pick<Prisma, 'auditLog'>, principal: Principal, agentId: string, hasApiKey: boolean): Promise<void> {
    await recordAudit(tx, { actorId: principal.userId, action: 'agent.api_key_change', resourceType: 'agent', resourceId: agentId, details: { hasApiKey } })
  }

  async list(principal: Principal, workspaceId?: string): Promise<AgentListResponse> {
    const rows = await this.prisma.agent.findMany({
      where: { ...visibleTo(principal), ...(workspaceId === undefined ? {} : { AND: [{ workspaceId }] }) },
      orderBy: { updatedAt: 'desc' },
      include: { versions: { orderBy: { version: 'desc' }, take: 1, select: { version: true } }, mcpTool: { select: { name: true } } },
    })
    const agents: AgentSummary[] = rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      workspaceId: row.workspaceId,
      hasApiKey: row.apiKey !== null,
      mcpTool: presentOffer(row.mcpTool),
      latestVersion: row.versions[0]?.version ?? null,
      updatedAt: row.updatedAt.toISOString(),
    }))
    return { agents }
  }

  /** The agent and its version 1, in the named workspace (editor there) or the caller's personal one. A definition without a name takes the agent's. */
  async create(
    principal: Principal,
    input: { name: string; description?: string; definition?: AgentSettings; note?: string; apiKey?: string | null; workspaceId?: string },
  ): Promise<CreatedAgentResponse> {
    const workspaceId = targetWorkspace(principal, input.workspaceId, 'editor')
    const definition = checkDefinition(parseAgentDefinition(input.definition ?? {}))
    await this.assertBaseUrlAllowed(principal, definition)
    await refuseForeignReferences(this.prisma, principal, nameOwnerFrom(workspaceId, principal.role), definitionReferences(definition))
    if (definition.name.trim() === '') definition.name = input.name
    const apiKey = input.apiKey ? this.sealedKey(input.apiKey) : null
    const agent = await this.prisma.$transaction(async (tx) => {
      const created = await tx.agent.create({
        data: {
          id: randomUUID(),
          name: input.name,
          description: input.description ?? '',
          ownerId: principal.userId,
          workspaceId,
          apiKey,
          versions: { create: { version: 1, definition: definition as object, note: input.note ?? '', authorId: principal.userId } },
        },
        include: { versions: true },
      })
      if (apiKey !== null) await this.keyChanged(tx, principal, created.id, true)
      return created
    })
    if (apiKey !== null) this.secrets.invalidate()
    return { agent: presentAgent(agent), version: presentVersion(agent.versions[0]) }
  }

  async get(principal: Principal, id: string): Promise<AgentResponse> {
    const agent = await this.prisma.agent.findFirst({
      where: { id, ...visibleTo(principal) },
      include: { versions: { orderBy: { version: 'desc' }, take: 1 }, mcpTool: { select: { name: true } } },
    })
    if (!agent) throw notFound('Agent', id)
    return { agent: presentAgent(agent), latestVersion: agent.versions[0] ? presentVersion(agent.versions[0]) : null }
  }

  /** `apiKey`: a new key replaces the one kept, null removes it, absent leaves it. `mcpTool`: offer it at /mcp, or stop. */
  async update(
    principal: Principal,
    id: string,
    changes: { name?: string; description?: string; apiKey?: string | null; mcpTool?: McpToolSetting },
  ): Promise<UpdatedAgentResponse> {
    await this.requireAgent(principal, id, 'editor')
    const { apiKey, mcpTool, ...details } = changes
    const keyChanges = apiKey === undefined ? {} : { apiKey: this.sealedKey(apiKey) }
    const agent = await this.prisma.$transaction(async (tx) => {
      const updated = await tx.agent.update({ where: { id }, data: { ...details, ...keyChanges }, include: { mcpTool: { select: { name: true } } } })
      if (apiKey !== undefined) await this.keyChanged(tx, principal, id, apiKey !== null)
      return updated
    })
    if (apiKey !== undefined) this.secrets.invalidate()
    if (mcpTool) agent.mcpTool = await setMcpToolOffer(this.prisma, { kind: 'agent', ...agent }, mcpTool, principal.userId)
    return { agent: presentAgent(agent) }
  }

  /** Deletes the agent with its versions, conversations and the runs of those (the schema cascades). */
  async delete(principal: Principal, id: string): Promise<DeletedAgentResponse> {
    await this.requireAgent(principal, id, 'editor')
    // deleteMany: a delete racing this one may have taken the row since; that is the same 404 as a missing agent.
    const { count } = await this.prisma.agent.deleteMany({ where: { id } })
    if (count === 0) throw notFound('Agent', id)
    return { deleted: { id } }
  }

  async listVersions(principal: Principal, id: string): Promise<AgentVersionListResponse> {
    await this.requireAgent(principal, id)
    const rows = await this.prisma.agentVersion.findMany({ where: { agentId: id }, orderBy: { version: 'desc' } })
    return { versions: rows.map(presentVersion) }
  }

  async getVersion(principal: Principal, id: string, version: number): Promise<AgentVersionResponse> {
    const row = await this.prisma.agentVersion.findFirst({ where: { agentId: id, version, agent: visibleTo(principal) } })
    if (!row) throw notFound('Version', `${id}@${version}`)
    return { version: presentVersion(row) }
  }

  /**
   * Stores a new version numbered one past `base`, the version the save started from: 409
   * `stale_version` with the newer version, and nothing stored, when another was saved since.
   */
  async createVersion(
    principal: Principal,
    id: string,
    input: { definition: AgentSettings; note?: string },
    named: number | undefined,
  ): Promise<AgentVersionResponse> {
    const agent = await this.requireAgent(principal, id, 'editor')
    const definition = checkDefinition(parseAgentDefinition(input.definition))
    const base = requireBase(named, 'agent')
    await this.assertBaseUrlAllowed(principal, definition)
    const uses = definitionReferences(definition)
    if (uses.length > 0) {
      const creatorRole = agent.ownerId === principal.userId ? principal.role : await this.roleOf(agent.ownerId)
      await refuseForeignReferences(this.prisma, principal, nameOwnerFrom(agent.workspaceId, creatorRole), uses)
    }
    try {
      const row = await this.prisma.$transaction(async (tx) => {
        const latest = await latestVersionOf(tx, id)
        if ((latest?.version ?? 0) !== base) throw await this.staleVersion(base, latest)
        const created = await tx.agentVersion.create({
          data: { agentId: id, version: base + 1, definition: definition as object, note: input.note ?? '', authorId: principal.userId },
        })
        await tx.agent.update({ where: { id }, data: { updatedAt: new Date() } })
        return created
      })
      return { version: presentVersion(row) }
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw await this.staleVersion(base, await latestVersionOf(this.prisma, id))
      throw error
    }
  }

  private async staleVersion(base: number, latest: LatestVersion | null) {
    if (!latest) return staleVersion('agent', base, { version: 0, savedAt: new Date(0).toISOString(), savedBy: null })
    const author = latest.authorId ? await this.prisma.user.findUnique({ where: { id: latest.authorId }, select: { id: true, name: true } }) : null
    return staleVersion('agent', base, { version: latest.version, savedAt: latest.createdAt.toISOString(), savedBy: author })
  }

  /** 404 for a missing agent and for one the principal may not see alike; 403 when their role there is less than `role`. */
  private async requireAgent(principal: Principal, id: string, role: WorkspaceRole = 'viewer') {
    const agent = await this.prisma.agent.findFirst({ where: { id, ...visibleTo(principal) }, select: { id: true, workspaceId: true, ownerId: true } })
    if (!agent) throw notFound('Agent', id)
    requireRole(principal, agent.workspaceId, role)
    return agent
  }

  /** The account role of who made an agent (whose names reach elsewhere when an admin's: auth/name-owner.ts). */
  private async roleOf(userId: string | null): Promise<string | null> {
    if (userId === null) return null
    return (await this.prisma.user.findUnique({ where: { id: userId }, select: { role: true } }))?.role ?? null
  }
}

/** An agent version as the run path and conversations use it. */
export interface LoadedAgentVersion {
  agentId: string
  agentName: string
  ownerId: string | null
  workspaceId: string | null
  /** The AgentVersion row's id (a conversation turn's Run.agentVersionId). */
  agentVersionId: string
  version: number
  definition: AgentSettings
  /** The agent's own API key, opened; undefined when it has none. */
  apiKey?: string
}

/**
 * One version of an agent (or its latest), if whoever `visible` stands for may use it (a run's
 * owner, a signed-in person): otherwise undefined, as for a missing agent or version.
 */
export async function loadAgentVersion(
  app: AppContext,
  agentId: string,
  version: number | 'latest',
  visible: WorkspaceScope,
): Promise<LoadedAgentVersion | undefined> {
  const row = await app.db.prisma.agentVersion.findFirst({
    where: { agentId, ...(version === 'latest' ? {} : { version }), agent: visible },
    orderBy: { version: 'desc' },
    include: { agent: { select: { name: true, ownerId: true, workspaceId: true, apiKey: true } } },
  })
  if (!row) return undefined
  const apiKey = openAgentApiKey(app.secrets.box, row.agent.apiKey)
  return {
    agentId,
    agentName: row.agent.name,
    ownerId: row.agent.ownerId,
    workspaceId: row.agent.workspaceId,
    agentVersionId: row.id,
    version: row.version,
    definition: parseAgentDefinition(row.definition),
    ...(apiKey === undefined ? {} : { apiKey }),
  }
}
