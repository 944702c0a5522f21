/**
 * Runs of saved workflow versions: queue one, read it, list them, cancel one. Executing is the
 * worker's job (run-worker.ts); this module only writes the rows and events a person sees.
 * A run belongs to who started it; anyone else but an admin gets the 404 of a missing run.
 */
import type { RunDetail, RunGraph, RunStatus, RunSummary, RunView } from '@/lib/contracts/runs'
import { presentApproval } from '../approvals/approval-broker'
import type { AppContext } from '../app-context'
import { ownedBy, type Principal } from '../auth/principal'
import { conflict, notFound } from '../domain-errors'

type RunRow = {
  id: string
  workflowId: string
  status: RunStatus
  input: unknown
  outputs: unknown
  error: string | null
  usage: unknown
  createdAt: Date
  startedAt: Date | null
  finishedAt: Date | null
  workflow: { name: string }
  version: { version: number; graph?: unknown }
}

function presentSummary(row: RunRow): RunSummary {
  return {
    id: row.id,
    workflowId: row.workflowId,
    workflowName: row.workflow.name,
    version: row.version.version,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

function presentDetail(row: RunRow): RunDetail {
  return {
    ...presentSummary(row),
    input: typeof row.input === 'string' ? row.input : JSON.stringify(row.input),
    outputs: (row.outputs as unknown[] | null) ?? null,
    error: row.error,
    usage: (row.usage as Record<string, number> | null) ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
  }
}

export class RunService {
  constructor(private readonly app: AppContext) {}

  private get prisma() {
    return this.app.db.prisma
  }

  /** Queues a run of a workflow the principal may see (404 otherwise); the run is theirs. */
  async create(principal: Principal, input: { workflowId: string; version?: number; input: string }): Promise<RunSummary> {
    const workflow = await this.prisma.workflow.findFirst({ where: { id: input.workflowId, ...ownedBy(principal) }, select: { id: true } })
    if (!workflow) throw notFound('Workflow', input.workflowId)
    const version = await this.prisma.workflowVersion.findFirst({
      where: { workflowId: input.workflowId, ...(input.version === undefined ? {} : { version: input.version }) },
      orderBy: { version: 'desc' },
    })
    if (!version) throw notFound('Version', `${input.workflowId}@${input.version ?? 'latest'}`)
    const run = await this.prisma.run.create({
      data: { workflowId: input.workflowId, versionId: version.id, input: input.input, ownerId: principal.userId },
      include: { workflow: { select: { name: true } }, version: { select: { version: true } } },
    })
    await this.app.events.append(run.id, 'run_queued', { workflowId: run.workflowId, version: version.version })
    return presentSummary(run)
  }

  async list(principal: Principal, filter: { workflowId?: string; limit: number }): Promise<RunSummary[]> {
    const rows = await this.prisma.run.findMany({
      where: { ...ownedBy(principal), ...(filter.workflowId ? { workflowId: filter.workflowId } : {}) },
      orderBy: { createdAt: 'desc' },
      take: filter.limit,
      include: { workflow: { select: { name: true } }, version: { select: { version: true } } },
    })
    return rows.map(presentSummary)
  }

  async get(principal: Principal, id: string): Promise<RunView> {
    return this.view(id, ownedBy(principal))
  }

  /**
   * The run behind a live share link, whoever asks: the link itself is the permission. Only the
   * share service calls this, and it sanitises what it hands out.
   */
  async getShared(id: string): Promise<RunView> {
    return this.view(id, {})
  }

  private async view(id: string, visible: { ownerId?: string }): Promise<RunView> {
    const row = await this.prisma.run.findFirst({
      where: { id, ...visible },
      include: { workflow: { select: { name: true } }, version: { select: { version: true, graph: true } }, approvals: { orderBy: { createdAt: 'asc' } } },
    })
    if (!row) throw notFound('Run', id)
    return { run: presentDetail(row), graph: row.version.graph as unknown as RunGraph, approvals: row.approvals.map(presentApproval) }
  }

  async status(principal: Principal, id: string): Promise<RunStatus> {
    const row = await this.prisma.run.findFirst({ where: { id, ...ownedBy(principal) }, select: { status: true } })
    if (!row) throw notFound('Run', id)
    return row.status
  }

  /** Cancels a queued or running run; the worker notices and stops it. */
  async cancel(principal: Principal, id: string): Promise<RunSummary> {
    const visible = { id, ...ownedBy(principal) }
    const updated = await this.prisma.run.updateMany({
      where: { ...visible, status: { in: ['queued', 'running', 'waiting'] } },
      data: { status: 'cancelled', finishedAt: new Date() },
    })
    const row = await this.prisma.run.findFirst({ where: visible, include: { workflow: { select: { name: true } }, version: { select: { version: true } } } })
    if (!row) throw notFound('Run', id)
    if (updated.count === 0) throw conflict('run_finished', `The run already ended (${row.status}).`)
    // Close its open approvals first, so that run_cancelled stays the run's last event: were the run
    // stopped first, its own waiter could expire an approval concurrently and publish that after
    // run_cancelled. Then stop it now when this process runs it (other workers notice the status on
    // their next poll; their waiters then find the approvals already closed).
    await this.app.approvals.expirePendingForRun(id, 'The run was cancelled.')
    this.app.activeRuns.get(id)?.abort()
    await this.app.events.append(id, 'run_cancelled', {})
    return presentSummary(row)
  }
}
