/**
 * A workflow's pinned outputs (issue #31; lib/contracts/workflow-pins.ts says what a pin is). Editors of the
 * workflow's workspace pin and unpin, viewers read; others get the 404 of a missing workflow. A pin may name a node
 * the saved version does not have yet (it was just placed in the editor): a debug run takes only the pins of nodes
 * its version has (pinsForDebugRun).
 */
import { MAX_PINS_PER_WORKFLOW, type PutWorkflowPinBody, type WorkflowPinView } from '@/lib/contracts/workflow-pins'
import type { RunDebug } from '@/lib/contracts/run-debug'
import type { WorkspaceRole } from '@/lib/contracts/workspace-roles'
import type { AppContext } from '../app-context'
import { requireRole, type Principal } from '../auth/principal'
import type { Prisma } from '../db/database'
import { conflict, invalidInput, notFound } from '../domain-errors'
import { visibleWorkflows } from './workflow-service'

type PinRow = { nodeId: string; output: unknown; pinnedFromRunId: string | null; pinnedById: string | null; updatedAt: Date }

export class WorkflowPinService {
  constructor(private readonly app: Pick<AppContext, 'db'>) {}

  private get prisma(): Prisma {
    return this.app.db.prisma
  }

  async list(principal: Principal, workflowId: string): Promise<WorkflowPinView[]> {
    await this.requireWorkflow(principal, workflowId, 'viewer')
    const rows = await this.prisma.workflowPin.findMany({ where: { workflowId }, orderBy: { nodeId: 'asc' } })
    return this.present(rows)
  }

  /** Pins (or re-pins) a node's output; `basedOn` must be the current pin's `updatedAt` (null when there is none), else 409. */
  async put(principal: Principal, workflowId: string, nodeId: string, body: PutWorkflowPinBody): Promise<WorkflowPinView> {
    await this.requireWorkflow(principal, workflowId, 'editor')
    const row = await this.prisma.$transaction(async (tx) => {
      // The workflow's row is the lock: two pins of one workflow are counted and compared one after the other.
      await tx.$queryRaw`SELECT id FROM "Workflow" WHERE id = ${workflowId} FOR UPDATE`
      const current = await tx.workflowPin.findUnique({ where: { workflowId_nodeId: { workflowId, nodeId } }, select: { updatedAt: true } })
      const currentAt = current?.updatedAt.toISOString() ?? null
      const basedOn = body.basedOn === null ? null : new Date(body.basedOn).toISOString()
      if (currentAt !== basedOn) {
        throw conflict('stale_version', currentAt === null ? 'The pin was removed meanwhile.' : 'The pin was changed meanwhile: load it again.', {
          current: currentAt,
        })
      }
      if (!current && (await tx.workflowPin.count({ where: { workflowId } })) >= MAX_PINS_PER_WORKFLOW) {
        throw invalidInput('invalid_request', `A workflow holds at most ${MAX_PINS_PER_WORKFLOW} pinned outputs.`)
      }
      const data = { output: body.value as object, pinnedFromRunId: body.pinnedFromRunId ?? null, pinnedById: principal.userId }
      return tx.workflowPin.upsert({ where: { workflowId_nodeId: { workflowId, nodeId } }, create: { workflowId, nodeId, ...data }, update: data })
    })
    return (await this.present([row]))[0]
  }

  async remove(principal: Principal, workflowId: string, nodeId: string): Promise<void> {
    await this.requireWorkflow(principal, workflowId, 'editor')
    const { count } = await this.prisma.workflowPin.deleteMany({ where: { workflowId, nodeId } })
    if (count === 0) throw notFound('Pin', nodeId)
  }

  /**
   * What a debug run of the workflow pins: the workflow's pins of the nodes its version has, under the request's own
   * (they win node by node). A run of one node takes none: its node is what it runs.
   */
  async pinsForDebugRun(workflowId: string, debug: RunDebug, nodeIds: ReadonlySet<string>): Promise<RunDebug> {
    if (debug.node !== undefined) return debug
    const rows = await this.prisma.workflowPin.findMany({ where: { workflowId }, select: { nodeId: true, output: true } })
    const stored = rows.filter((row) => nodeIds.has(row.nodeId)).map((row) => [row.nodeId, { value: row.output }] as const)
    if (stored.length === 0) return debug
    return { ...debug, pinned: { ...Object.fromEntries(stored), ...debug.pinned } as RunDebug['pinned'] }
  }

  private async present(rows: PinRow[]): Promise<WorkflowPinView[]> {
    const ids = [...new Set(rows.map((row) => row.pinnedById).filter((id): id is string => id !== null))]
    const users = ids.length === 0 ? [] : await this.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })
    const names = new Map(users.map((user) => [user.id, user]))
    return rows.map((row) => ({
      nodeId: row.nodeId,
      value: row.output as WorkflowPinView['value'],
      pinnedFromRunId: row.pinnedFromRunId,
      pinnedBy: (row.pinnedById && names.get(row.pinnedById)) || null,
      updatedAt: row.updatedAt.toISOString(),
    }))
  }

  /** 404 for a missing workflow and for one the principal may not see alike; 403 below `role` in its workspace. */
  private async requireWorkflow(principal: Principal, workflowId: string, role: WorkspaceRole): Promise<void> {
    const workflow = await this.prisma.workflow.findFirst({ where: { id: workflowId, ...visibleWorkflows(principal) }, select: { workspaceId: true } })
    if (!workflow) throw notFound('Workflow', workflowId)
    requireRole(principal, workflow.workspaceId, role)
  }
}
