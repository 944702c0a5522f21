/**
 * Workflows and their immutable, numbered versions. A version's graph is validated with
 * lib/graph before it is stored: a document with errors never becomes a version. Every method
 * acts for a principal: a workflow they may not see answers exactly like a missing one (404).
 */
import { randomUUID } from 'node:crypto'
import type {
  CreatedWorkflowResponse,
  UpdatedWorkflowResponse,
  VersionListResponse,
  VersionResponse,
  VersionSummary,
  WorkflowResponse,
  WorkflowSettings,
  WorkflowSummary,
  WorkflowVersionView,
  WorkflowView,
} from '@/lib/contracts/workflows'
import { starterDocument, validate, type GraphDocument } from '@/lib/graph'
import { ownedBy, type Principal } from '../auth/principal'
import type { Prisma } from '../db/database'
import { conflict, invalidInput, notFound } from '../domain-errors'
import { parseWorkflowSettings } from './workflow-settings'

type VersionRow = { version: number; graph: unknown; createdAt: Date; note: string | null; authorId: string | null }
type Author = { id: string; name: string }

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

/** Validates a graph for storing: 400 `invalid_graph` with every problem when it has errors. */
export function checkGraph(graph: unknown): GraphDocument {
  const result = validate(graph)
  if (!result.ok || !result.document) {
    const errors = result.problems.filter((p) => p.severity === 'error')
    throw invalidInput(
      'invalid_graph',
      `The workflow has ${errors.length} problem${errors.length === 1 ? '' : 's'}: ${errors
        .map((p) => p.message)
        .slice(0, 3)
        .join(' ')}`,
      {
        problems: result.problems,
      },
    )
  }
  return result.document
}

export class WorkflowService {
  constructor(private readonly prisma: Prisma) {}

  async list(principal: Principal): Promise<WorkflowSummary[]> {
    const rows = await this.prisma.workflow.findMany({
      where: ownedBy(principal),
      orderBy: { updatedAt: 'desc' },
      include: { versions: { orderBy: { version: 'desc' }, take: 1, select: { version: true } } },
    })
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      latestVersion: row.versions[0]?.version ?? null,
      updatedAt: row.updatedAt.toISOString(),
    }))
  }

  async create(principal: Principal, input: { name: string; description?: string; graph?: unknown }): Promise<CreatedWorkflowResponse> {
    const graph = input.graph === undefined ? starterDocument() : checkGraph(input.graph)
    const workflow = await this.prisma.workflow.create({
      data: {
        id: randomUUID(),
        name: input.name,
        description: input.description ?? '',
        ownerId: principal.userId,
        versions: { create: { version: 1, graph: graph as object, authorId: principal.userId } },
      },
      include: { versions: true },
    })
    return { workflow: this.presentWorkflow(workflow), version: presentVersion(workflow.versions[0], authorMap(principal)) }
  }

  async get(principal: Principal, id: string): Promise<WorkflowResponse> {
    const workflow = await this.prisma.workflow.findFirst({
      where: { id, ...ownedBy(principal) },
      include: { versions: { orderBy: { version: 'desc' }, take: 1 } },
    })
    if (!workflow) throw notFound('Workflow', id)
    const latest = workflow.versions[0]
    return { workflow: this.presentWorkflow(workflow), latestVersion: latest ? presentVersion(latest, await this.authors([latest.authorId])) : null }
  }

  async update(
    principal: Principal,
    id: string,
    changes: { name?: string; description?: string; settings?: WorkflowSettings },
  ): Promise<UpdatedWorkflowResponse> {
    await this.requireWorkflow(principal, id)
    const { settings, ...rest } = changes
    const workflow = await this.prisma.workflow.update({ where: { id }, data: { ...rest, ...(settings ? { settings: settings as object } : {}) } })
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
    const row = await this.prisma.workflowVersion.findFirst({ where: { workflowId: id, version, workflow: ownedBy(principal) } })
    if (!row) throw notFound('Version', `${id}@${version}`)
    return { version: presentVersion(row, await this.authors([row.authorId])) }
  }

  /**
   * Saves an older version's graph again as the newest version (history is never rewritten). The
   * graph is checked as any save is: rules added since it was stored may refuse it (400 invalid_graph).
   */
  async restoreVersion(principal: Principal, id: string, version: number, note?: string): Promise<VersionResponse> {
    const row = await this.prisma.workflowVersion.findFirst({ where: { workflowId: id, version, workflow: ownedBy(principal) }, select: { graph: true } })
    if (!row) throw notFound('Version', `${id}@${version}`)
    return this.createVersion(principal, id, row.graph, noteOf(note) ?? `Restored from v${version}`)
  }

  /** Stores a new version numbered one past the latest. Two saves racing: one gets 409 and can retry. */
  async createVersion(principal: Principal, id: string, graph: unknown, note?: string): Promise<VersionResponse> {
    await this.requireWorkflow(principal, id)
    const document = checkGraph(graph)
    const latest = await this.prisma.workflowVersion.findFirst({ where: { workflowId: id }, orderBy: { version: 'desc' }, select: { version: true } })
    try {
      const [row] = await this.prisma.$transaction([
        this.prisma.workflowVersion.create({
          data: { workflowId: id, version: (latest?.version ?? 0) + 1, graph: document as object, authorId: principal.userId, note: noteOf(note) },
        }),
        this.prisma.workflow.update({ where: { id }, data: { updatedAt: new Date() } }),
      ])
      return { version: presentVersion(row, authorMap(principal)) }
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw conflict('version_conflict', 'Another version was saved at the same moment. Save again.')
      throw error
    }
  }

  /** The names of the people who saved versions; an author whose account is gone is left out. */
  private async authors(ids: ReadonlyArray<string | null>): Promise<ReadonlyMap<string, Author>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))]
    if (wanted.length === 0) return new Map()
    const users = await this.prisma.user.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true } })
    return new Map(users.map((user) => [user.id, { id: user.id, name: user.name }]))
  }

  /** 404 for a missing workflow and for one the principal may not see alike. */
  private async requireWorkflow(principal: Principal, id: string) {
    const workflow = await this.prisma.workflow.findFirst({ where: { id, ...ownedBy(principal) }, select: { id: true } })
    if (!workflow) throw notFound('Workflow', id)
  }

  private presentWorkflow(row: { id: string; name: string; description: string; settings: unknown; createdAt: Date; updatedAt: Date }): WorkflowView {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      settings: parseWorkflowSettings(row.settings),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  }
}
