/**
 * Workflows and their immutable, numbered versions. A version's graph is validated with
 * lib/graph before it is stored: a document with errors never becomes a version. Every method
 * acts for a principal: a workflow they may not see answers exactly like a missing one (404).
 */
import { randomUUID } from 'node:crypto'
import type {
  CreatedWorkflowResponse,
  DeletedWorkflowResponse,
  DeleteWorkflowRuns,
  UpdatedWorkflowResponse,
  VersionListResponse,
  VersionResponse,
  VersionSummary,
  WorkflowResponse,
  WorkflowSettings,
  WorkflowSettingsPatch,
  WorkflowSummary,
  WorkflowVersionView,
  WorkflowView,
} from '@/lib/contracts/workflows'
import type { McpToolSetting } from '@/lib/contracts/mcp-tools'
import { hasErrors, parseGraphDocument, starterDocument, validateDocument, type GraphDocument, type GraphProblem, type ServerContext } from '@/lib/graph'
import type { WorkspaceRole } from '@/lib/contracts/workspace-roles'
import { nameOwnerFrom } from '../auth/name-owner'
import { requireRole, targetWorkspace, visibleTo, type Principal } from '../auth/principal'
import type { Prisma } from '../db/database'
import { conflict, invalidInput, notFound } from '../domain-errors'
import { presentOffer, setMcpToolOffer } from '../mcp/mcp-tool-offers'
import { requireBase, staleVersion } from '../save-base'
import { documentReferences, refuseForeignReferences } from '../workspaces/foreign-references'
import { moveWorkflow } from './workflow-move'
import { parseWorkflowSettings } from './workflow-settings'

/**
 * The workflows a principal may see: theirs (an admin: all) and not deleted. A workflow deleted
 * with its runs kept stays as a row for those runs' sake and answers 404 to everything else.
 */
export function visibleWorkflows(principal: Principal): { workspaceId?: { in: string[] }; deletedAt: null } {
  return { ...visibleTo(principal), deletedAt: null }
}

const COPY_PREFIX = 'Copy of '
const MAX_NAME = 200

/** "Copy of <name>", cut to the longest name allowed. */
export function copyName(name: string): string {
  return `${COPY_PREFIX}${name}`.slice(0, MAX_NAME)
}

type VersionRow = { version: number; graph: unknown; createdAt: Date; note: string | null; authorId: string | null }
type Author = { id: string; name: string }
type LatestVersion = { version: number; createdAt: Date; authorId: string | null }

function latestVersionOf(prisma: Pick<Prisma, 'workflowVersion'>, workflowId: string): Promise<LatestVersion | null> {
  return prisma.workflowVersion.findFirst({
    where: { workflowId },
    orderBy: { version: 'desc' },
    select: { version: true, createdAt: true, authorId: true },
  })
}

function presentSummary(row: Omit<VersionRow, 'graph'>, authors: ReadonlyMap<string, Author>): VersionSummary {
  return {
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    note: row.note,
    author: row.authorId ? (authors.get(row.authorId) ?? null) : null,
  }
}

function presentVersion(row: VersionRow, authors: ReadonlyMap<string, Author>): WorkflowVersionView {
  return { ...presentSummary(row, authors), graph: row.graph as GraphDocument }
}

/** The principal as the author of what they just saved (no query needed). */
function authorMap(principal: Principal): ReadonlyMap<string, Author> {
  return new Map([[principal.userId, { id: principal.userId, name: principal.name }]])
}

/** An empty note is no note. */
function noteOf(note: string | undefined): string | null {
  return note === undefined || note.trim() === '' ? null : note.trim()
}

/**
 * Validates a graph: 400 `invalid_graph` with every problem when it has errors. For storing, the
 * document alone; for queueing a run, also against the server's facts (`context`).
 */
export function checkGraph(graph: unknown, context?: ServerContext): GraphDocument {
  const parsed = parseGraphDocument(graph)
  if (!parsed.ok) throw invalidGraph(parsed.problems)
  return checkDocument(parsed.document, context)
}

/** An already parsed document checked as checkGraph checks a raw one: the document, or a 400 naming its problems. */
export function checkDocument(document: GraphDocument, context?: ServerContext): GraphDocument {
  const problems = validateDocument(document, context)
  if (hasErrors(problems)) throw invalidGraph(problems)
  return document
}

/** The 400 for a graph with problems: the first three errors in its message, every problem in its details. */
export function invalidGraph(problems: GraphProblem[]) {
  const errors = problems.filter((p) => p.severity === 'error')
  return invalidInput(
    'invalid_graph',
    `The workflow has ${errors.length} problem${errors.length === 1 ? '' : 's'}: ${errors
      .map((p) => p.message)
      .slice(0, 3)
      .join(' ')}`,
    { problems },
  )
}

export interface WorkflowServiceHooks {
  /** After a version was stored on top of `baseVersion` (0: none), e.g. for the live document to follow it. */
  afterSave?: (workflowId: string, baseVersion: number, graph: GraphDocument) => Promise<void>
}

export class WorkflowService {
  constructor(
    private readonly prisma: Prisma,
    private readonly hooks: WorkflowServiceHooks = {},
  ) {}

  /** `workspaceId`: one workspace's only (one the caller cannot see lists nothing). */
  async list(principal: Principal, workspaceId?: string): Promise<WorkflowSummary[]> {
    const rows = await this.prisma.workflow.findMany({
      where: { ...visibleWorkflows(principal), ...(workspaceId === undefined ? {} : { AND: [{ workspaceId }] }) },
      orderBy: { updatedAt: 'desc' },
      include: {
        versions: { orderBy: { version: 'desc' }, take: 1, select: { version: true } },
        _count: { select: { runs: true } },
        mcpTool: { select: { name: true } },
      },
    })
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      workspaceId: row.workspaceId,
      latestVersion: row.versions[0]?.version ?? null,
      runCount: row._count.runs,
      mcpTool: presentOffer(row.mcpTool),
      updatedAt: row.updatedAt.toISOString(),
    }))
  }

  /** In the named workspace (editor there) or the caller's personal one. */
  async create(principal: Principal, input: { name: string; description?: string; graph?: unknown; workspaceId?: string }): Promise<CreatedWorkflowResponse> {
    const workspaceId = targetWorkspace(principal, input.workspaceId, 'editor')
    const graph = input.graph === undefined ? starterDocument() : checkGraph(input.graph)
    await this.refuseForeignReferences(principal, graph, workspaceId, principal.userId)
    const workflow = await this.prisma.workflow.create({
      data: {
        id: randomUUID(),
        name: input.name,
        description: input.description ?? '',
        ownerId: principal.userId,
        workspaceId,
        versions: { create: { version: 1, graph: graph as object, authorId: principal.userId } },
      },
      include: { versions: true },
    })
    return { workflow: this.presentWorkflow(workflow), version: presentVersion(workflow.versions[0], authorMap(principal)) }
  }

  async get(principal: Principal, id: string): Promise<WorkflowResponse> {
    const workflow = await this.prisma.workflow.findFirst({
      where: { id, ...visibleWorkflows(principal) },
      include: { versions: { orderBy: { version: 'desc' }, take: 1 }, mcpTool: { select: { name: true } } },
    })
    if (!workflow) throw notFound('Workflow', id)
    const latest = workflow.versions[0]
    return { workflow: this.presentWorkflow(workflow), latestVersion: latest ? presentVersion(latest, await this.authors([latest.authorId])) : null }
  }

  async update(
    principal: Principal,
    id: string,
    changes: { name?: string; description?: string; settings?: WorkflowSettingsPatch; mcpTool?: McpToolSetting },
  ): Promise<UpdatedWorkflowResponse> {
    await this.requireWorkflow(principal, id, 'editor')
    const { settings: patch, mcpTool, ...rest } = changes
    const settings = patch && (await this.patchedSettings(id, patch))
    const workflow = await this.prisma.workflow.update({
      where: { id },
      data: { ...rest, ...(settings ? { settings: settings as object } : {}) },
      include: { mcpTool: { select: { name: true } } },
    })
    if (mcpTool) workflow.mcpTool = await setMcpToolOffer(this.prisma, { kind: 'workflow', ...workflow }, mcpTool, principal.userId)
    return { workflow: this.presentWorkflow(workflow) }
  }

  async listVersions(principal: Principal, id: string): Promise<VersionListResponse> {
    await this.requireWorkflow(principal, id)
    const rows = await this.prisma.workflowVersion.findMany({
      where: { workflowId: id },
      orderBy: { version: 'desc' },
      select: { version: true, createdAt: true, note: true, authorId: true },
    })
    const authors = await this.authors(rows.map((row) => row.authorId))
    return { versions: rows.map((row) => presentSummary(row, authors)) }
  }

  async getVersion(principal: Principal, id: string, version: number): Promise<VersionResponse> {
    const row = await this.prisma.workflowVersion.findFirst({ where: { workflowId: id, version, workflow: visibleWorkflows(principal) } })
    if (!row) throw notFound('Version', `${id}@${version}`)
    return { version: presentVersion(row, await this.authors([row.authorId])) }
  }

  /**
   * Saves an older version's graph again as the newest version (history is never rewritten). The
   * graph is checked as any save is: rules added since it was stored may refuse it (400 invalid_graph).
   * `base`, when given, must still be the newest version (409 `stale_version` otherwise), as for any save.
   */
  async restoreVersion(principal: Principal, id: string, version: number, note?: string, base?: number): Promise<VersionResponse> {
    const row = await this.prisma.workflowVersion.findFirst({
      where: { workflowId: id, version, workflow: visibleWorkflows(principal) },
      select: { graph: true, workflow: { select: { workspaceId: true } } },
    })
    if (!row) throw notFound('Version', `${id}@${version}`)
    requireRole(principal, row.workflow.workspaceId, 'editor')
    return this.createVersion(principal, id, row.graph, base ?? 'latest', noteOf(note) ?? `Restored from v${version}`)
  }

  /**
   * Stores a new version numbered one past `base`, the version the save started from. When another
   * version was saved since, nothing is stored: 409 `stale_version` with that version (the unique
   * version number settles two saves racing from the same base the same way). `'latest'` (a restore
   * that named no base) saves on top of whatever is newest; no base at all is a 428.
   */
  async createVersion(principal: Principal, id: string, graph: unknown, named: number | 'latest' | undefined, note?: string): Promise<VersionResponse> {
    const workflow = await this.requireWorkflow(principal, id, 'editor')
    const document = checkGraph(graph)
    await this.refuseForeignReferences(principal, document, workflow.workspaceId, workflow.ownerId)
    const base = named === 'latest' ? named : requireBase(named, 'workflow')
    let number = base === 'latest' ? 0 : base
    try {
      const row = await this.prisma.$transaction(async (tx) => {
        const latest = await latestVersionOf(tx, id)
        if (base === 'latest') number = latest?.version ?? 0
        else if ((latest?.version ?? 0) !== base) throw await this.staleVersion(base, latest)
        const created = await tx.workflowVersion.create({
          data: { workflowId: id, version: number + 1, graph: document as object, authorId: principal.userId, note: noteOf(note) },
        })
        await tx.workflow.update({ where: { id }, data: { updatedAt: new Date() } })
        return created
      })
      if (number > 0) await this.hooks.afterSave?.(id, number, document)
      return { version: presentVersion(row, authorMap(principal)) }
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw await this.staleVersion(number, await latestVersionOf(this.prisma, id))
      throw error
    }
  }

  private async staleVersion(base: number, latest: LatestVersion | null) {
    if (!latest) return staleVersion('workflow', base, { version: 0, savedAt: new Date(0).toISOString(), savedBy: null })
    const savedBy = latest.authorId ? ((await this.authors([latest.authorId])).get(latest.authorId) ?? null) : null
    return staleVersion('workflow', base, { version: latest.version, savedAt: latest.createdAt.toISOString(), savedBy })
  }

  /**
   * Deletes a workflow and its versions. `runs: 'delete'` deletes its runs too (refused while one
   * has not finished: cancel it first); `runs: 'keep'` keeps them, listed under the workflow's name.
   */
  async delete(principal: Principal, id: string, runs: DeleteWorkflowRuns): Promise<DeletedWorkflowResponse> {
    await this.requireWorkflow(principal, id, 'editor')
    return this.prisma.$transaction(async (tx) => {
      const total = await tx.run.count({ where: { workflowId: id } })
      if (runs === 'delete') {
        const active = await tx.run.count({ where: { workflowId: id, status: { in: ['queued', 'running', 'waiting'] } } })
        if (active > 0) {
          throw conflict(
            'runs_active',
            `${active} run${active === 1 ? '' : 's'} of this workflow ${active === 1 ? 'has' : 'have'} not finished: cancel ${active === 1 ? 'it' : 'them'} first, or keep the runs.`,
          )
        }
      }
      // The row stays as a tombstone: kept runs show its name, and the example data is not seeded again in its place.
      await tx.workflow.update({ where: { id }, data: { deletedAt: new Date() } })
      // Its tool goes at once, and its name is free again.
      await tx.mcpToolOffer.deleteMany({ where: { workflowId: id } })
      if (runs === 'keep' && total > 0) return { deleted: { id, runsDeleted: 0, runsKept: total } }
      // Everything of the runs (events, approvals, share links, checkpoints) goes with them; then the versions.
      await tx.run.deleteMany({ where: { workflowId: id } })
      await tx.workflowVersion.deleteMany({ where: { workflowId: id } })
      return { deleted: { id, runsDeleted: total, runsKept: 0 } }
    })
  }

  /**
   * A new workflow with the source's latest graph (as its version 1), description and settings: in the source's
   * workspace (editor there), or in the one named.
   */
  async duplicate(principal: Principal, id: string, input: { name?: string; workspaceId?: string }): Promise<CreatedWorkflowResponse> {
    const source = await this.prisma.workflow.findFirst({
      where: { id, ...visibleWorkflows(principal) },
      include: { versions: { orderBy: { version: 'desc' }, take: 1 } },
    })
    if (!source) throw notFound('Workflow', id)
    const workspaceId = targetWorkspace(principal, input.workspaceId ?? source.workspaceId ?? undefined, 'editor')
    const graph = (source.versions[0]?.graph as object | undefined) ?? (starterDocument() as object)
    const parsed = parseGraphDocument(graph)
    if (parsed.ok) await this.refuseForeignReferences(principal, parsed.document, workspaceId, principal.userId)
    const workflow = await this.prisma.workflow.create({
      data: {
        id: randomUUID(),
        name: input.name ?? copyName(source.name),
        description: source.description,
        settings: source.settings as object,
        ownerId: principal.userId,
        workspaceId,
        versions: { create: { version: 1, graph, authorId: principal.userId } },
      },
      include: { versions: true },
    })
    return { workflow: this.presentWorkflow(workflow), version: presentVersion(workflow.versions[0], authorMap(principal)) }
  }

  /** Moves the workflow (with its runs) to another workspace: editor in both; 409 naming what the target lacks (workflow-move.ts). */
  move(principal: Principal, id: string, workspaceId: string): Promise<{ id: string; workspaceId: string }> {
    return moveWorkflow(this.prisma, principal, id, workspaceId)
  }

  private async authors(ids: ReadonlyArray<string | null>): Promise<ReadonlyMap<string, Author>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))]
    if (wanted.length === 0) return new Map()
    const users = await this.prisma.user.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true } })
    return new Map(users.map((user) => [user.id, { id: user.id, name: user.name }]))
  }

  /** The stored settings with the patch's on top (a setting the patch does not name keeps its value). */
  private async patchedSettings(id: string, patch: WorkflowSettingsPatch): Promise<WorkflowSettings> {
    const stored = await this.prisma.workflow.findUniqueOrThrow({ where: { id }, select: { settings: true } })
    const named = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
    return parseWorkflowSettings({ ...parseWorkflowSettings(stored.settings), ...named })
  }

  /** 404 for a missing workflow and for one the principal may not see alike; 403 when their role there is less than `role`. */
  private async requireWorkflow(principal: Principal, id: string, role: WorkspaceRole = 'viewer') {
    const workflow = await this.prisma.workflow.findFirst({
      where: { id, ...visibleWorkflows(principal) },
      select: { id: true, workspaceId: true, ownerId: true },
    })
    if (!workflow) throw notFound('Workflow', id)
    requireRole(principal, workflow.workspaceId, role)
    return workflow
  }

  /**
   * 422 `foreign_reference` when the document names another workspace's saved agent, MCP server, skill or
   * sub-workflow: its runs read names in `workspaceId` (workspaces/foreign-references.ts). `creatorId`: who made the workflow,
   * whose role decides whether its names reach elsewhere (auth/name-owner.ts).
   */
  private async refuseForeignReferences(principal: Principal, document: GraphDocument, workspaceId: string | null, creatorId: string | null) {
    const uses = documentReferences(document)
    if (uses.length === 0 || workspaceId === null) return
    const creatorRole =
      creatorId === principal.userId
        ? principal.role
        : creatorId === null
          ? null
          : (await this.prisma.user.findUnique({ where: { id: creatorId }, select: { role: true } }))?.role
    await refuseForeignReferences(this.prisma, principal, nameOwnerFrom(workspaceId, creatorRole), uses)
  }

  private presentWorkflow(row: {
    id: string
    name: string
    description: string
    workspaceId: string | null
    settings: unknown
    mcpTool?: { name: string } | null
    createdAt: Date
    updatedAt: Date
  }): WorkflowView {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      workspaceId: row.workspaceId,
      settings: parseWorkflowSettings(row.settings),
      mcpTool: presentOffer(row.mcpTool),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  }
}
