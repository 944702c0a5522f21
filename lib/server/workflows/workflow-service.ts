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
  WorkflowResponse,
  WorkflowSettings,
  WorkflowSummary,
  WorkflowVersionView,
  WorkflowView,
} from '@/lib/contracts/workflows'
import { starterDocument, validate, type GraphDocument, type ServerContext } from '@/lib/graph'
import { ownedBy, type Principal } from '../auth/principal'
import type { Prisma } from '../db/database'
import { conflict, invalidInput, notFound } from '../domain-errors'
import { parseWorkflowSettings } from './workflow-settings'

type VersionRow = { version: number; graph: unknown; createdAt: Date }

function presentVersion(row: VersionRow): WorkflowVersionView {
  return { version: row.version, graph: row.graph as GraphDocument, createdAt: row.createdAt.toISOString() }
}

/**
 * Validates a graph: 400 `invalid_graph` with every problem when it has errors. For storing, the
 * document alone; for queueing a run, also against the server's facts (`context`).
 */
export function checkGraph(graph: unknown, context?: ServerContext): GraphDocument {
  const result = validate(graph, context)
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
    return { workflow: this.presentWorkflow(workflow), version: presentVersion(workflow.versions[0]) }
  }

  async get(principal: Principal, id: string): Promise<WorkflowResponse> {
    const workflow = await this.prisma.workflow.findFirst({
      where: { id, ...ownedBy(principal) },
      include: { versions: { orderBy: { version: 'desc' }, take: 1 } },
    })
    if (!workflow) throw notFound('Workflow', id)
    return { workflow: this.presentWorkflow(workflow), latestVersion: workflow.versions[0] ? presentVersion(workflow.versions[0]) : null }
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
    const rows = await this.prisma.workflowVersion.findMany({ where: { workflowId: id }, orderBy: { version: 'desc' } })
    return { versions: rows.map(presentVersion) }
  }

  async getVersion(principal: Principal, id: string, version: number): Promise<VersionResponse> {
    const row = await this.prisma.workflowVersion.findFirst({ where: { workflowId: id, version, workflow: ownedBy(principal) } })
    if (!row) throw notFound('Version', `${id}@${version}`)
    return { version: presentVersion(row) }
  }

  /** Stores a new version numbered one past the latest. Two saves racing: one gets 409 and can retry. */
  async createVersion(principal: Principal, id: string, graph: unknown): Promise<VersionResponse> {
    await this.requireWorkflow(principal, id)
    const document = checkGraph(graph)
    const latest = await this.prisma.workflowVersion.findFirst({ where: { workflowId: id }, orderBy: { version: 'desc' }, select: { version: true } })
    try {
      const [row] = await this.prisma.$transaction([
        this.prisma.workflowVersion.create({
          data: { workflowId: id, version: (latest?.version ?? 0) + 1, graph: document as object, authorId: principal.userId },
        }),
        this.prisma.workflow.update({ where: { id }, data: { updatedAt: new Date() } }),
      ])
      return { version: presentVersion(row) }
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw conflict('version_conflict', 'Another version was saved at the same moment. Save again.')
      throw error
    }
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
