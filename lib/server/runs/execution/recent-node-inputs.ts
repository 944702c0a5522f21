/**
 * What a node received in its workflow's latest runs (lib/contracts/node-inputs.ts): the last `executor_invoked` of
 * the node in each of the caller's visible runs among the workflow's newest, so "Run this node…" starts from a real
 * input. Only runs the caller may see, as their events are what the run page shows them.
 */
import { NODE_INPUT_RUNS, type NodeInput } from '@/lib/contracts/node-inputs'
import type { AppContext } from '../../app-context'
import type { Principal } from '../../auth/principal'
import { notFound } from '../../domain-errors'
import { visibleWorkflows } from '../../workflows/workflow-service'
import type { RunService } from '../run-service'

/** Runs looked into: the newest of the workflow, of which those that reached the node are kept. */
const RUNS_SEARCHED = 20

export class RecentNodeInputs {
  constructor(
    private readonly app: Pick<AppContext, 'db'>,
    private readonly runs: RunService,
  ) {}

  async list(principal: Principal, workflowId: string, nodeId: string): Promise<NodeInput[]> {
    const workflow = await this.app.db.prisma.workflow.findFirst({ where: { id: workflowId, ...visibleWorkflows(principal) }, select: { id: true } })
    if (!workflow) throw notFound('Workflow', workflowId)
    const runs = await this.runs.list(principal, { workflowId, limit: RUNS_SEARCHED })
    if (runs.length === 0) return []
    const rows = await this.app.db.sql.query<{ runId: string; input: unknown }>(
      `SELECT DISTINCT ON ("runId") "runId", data->'data' AS input FROM "RunEvent"
       WHERE "runId" = ANY($1::text[]) AND type = 'executor_invoked' AND data->>'executorId' = $2
       ORDER BY "runId", sequence DESC`,
      [runs.map((run) => run.id), nodeId],
    )
    const byRun = new Map(rows.map((row) => [row.runId, row.input]))
    return runs
      .filter((run) => byRun.has(run.id))
      .slice(0, NODE_INPUT_RUNS)
      .map((run) => ({ runId: run.id, runCreatedAt: run.createdAt, input: byRun.get(run.id) ?? null }))
  }
}
