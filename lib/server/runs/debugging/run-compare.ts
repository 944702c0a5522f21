/**
 * Two runs side by side (issue #31, lib/contracts/run-compare.ts). Each side is read through the services that
 * already show a run — its detail (RunService.get) and its cost (ModelPriceService.runCost) — so it shows what the
 * run page and the cost endpoint show and is hidden exactly as they are (404 for a run the caller cannot see); what
 * is new is one pass over each run's event log, counting events by type and collecting, per node, whether it ran,
 * what it produced and its tokens. The log is stored redacted, so nothing here shows a secret the run page does not.
 */
import { addUsage, type UsageDetails } from '@/lib/core'
import type { ComparedNode, ComparedNodeRun, ComparedRun, RunComparison } from '@/lib/contracts/run-compare'
import type { RunView, TokenUsage } from '@/lib/contracts/runs'
import type { AppContext } from '../../app-context'
import type { Principal } from '../../auth/principal'
import type { ModelPriceService } from '../../model-prices/model-price-service'
import type { RunService } from '../run-service'

/** The events that say what a node did; the rest are only counted. */
const NODE_EVENTS = ['executor_invoked', 'executor_failed', 'agent_response', 'output'] as const

interface NodeEventRow {
  type: (typeof NODE_EVENTS)[number]
  executorId: string | null
  text: string | null
  output: unknown
  usage: UsageDetails | null
}

export class RunCompareService {
  constructor(
    private readonly app: AppContext,
    private readonly runs: RunService,
    private readonly modelPrices: ModelPriceService,
  ) {}

  async compare(principal: Principal, a: string, b: string): Promise<RunComparison> {
    // One after the other: a run the caller cannot see answers 404 before anything about the other is read.
    const left = await this.side(principal, a)
    const right = await this.side(principal, b)
    const labels = new Map<string, string | null>()
    for (const node of [...left.graphNodes, ...right.graphNodes]) if (!labels.has(node.id)) labels.set(node.id, node.label)
    for (const id of [...Object.keys(left.run.nodes), ...Object.keys(right.run.nodes)]) if (!labels.has(id)) labels.set(id, null)
    const nodes: ComparedNode[] = [...labels].map(([nodeId, label]) => ({
      nodeId,
      label,
      differs: nodeDiffers(left.run.nodes[nodeId], right.run.nodes[nodeId]),
    }))
    return { a: left.run, b: right.run, nodes }
  }

  private async side(principal: Principal, runId: string): Promise<{ run: ComparedRun; graphNodes: { id: string; label: string | null }[] }> {
    const view = await this.runs.get(principal, runId)
    const cost = await this.modelPrices.runCost(principal, runId)
    const [eventCounts, nodes] = await Promise.all([this.eventCounts(runId), this.nodes(runId)])
    const { run } = view
    const start = run.startedAt ?? run.createdAt
    return {
      run: {
        id: run.id,
        workflowId: run.workflowId,
        workflowName: run.workflowName,
        version: run.version,
        status: run.status,
        createdAt: run.createdAt,
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        durationMs: run.finishedAt ? Math.max(0, Date.parse(run.finishedAt) - Date.parse(start)) : null,
        outputs: run.outputs,
        usage: run.usage,
        error: run.error,
        cost,
        eventCounts,
        nodes,
      },
      graphNodes: graphNodes(view),
    }
  }

  private async eventCounts(runId: string): Promise<Record<string, number>> {
    const rows = await this.app.db.sql.query<{ type: string; count: number }>(
      `SELECT type, COUNT(*)::int AS count FROM "RunEvent" WHERE "runId" = $1 GROUP BY type ORDER BY type`,
      [runId],
    )
    return Object.fromEntries(rows.map((row) => [row.type, Number(row.count)]))
  }

  private async nodes(runId: string): Promise<Record<string, ComparedNodeRun>> {
    const rows = await this.app.db.sql.query<NodeEventRow>(
      `SELECT type, data->>'executorId' AS "executorId",
              CASE WHEN type = 'agent_response' THEN data->>'text' END AS text,
              CASE WHEN type = 'output' THEN data->'data' END AS output,
              CASE WHEN type = 'agent_response' THEN data->'usage' END AS usage
       FROM "RunEvent" WHERE "runId" = $1 AND type = ANY($2::text[]) ORDER BY sequence`,
      [runId, NODE_EVENTS],
    )
    const nodes: Record<string, ComparedNodeRun & { yielded: string[] }> = {}
    for (const row of rows) {
      if (!row.executorId) continue
      const node = (nodes[row.executorId] ??= { invoked: false, invocations: 0, outputs: [], yielded: [], usage: null, failed: false })
      if (row.type === 'executor_invoked') {
        node.invoked = true
        node.invocations += 1
      } else if (row.type === 'executor_failed') node.failed = true
      else if (row.type === 'agent_response') {
        node.outputs.push(row.text ?? '')
        if (row.usage) node.usage = (addUsage(node.usage ?? undefined, row.usage) as TokenUsage | undefined) ?? null
      } else node.yielded.push(asText(row.output))
    }
    // An agent's output is its responses; a node that only yields (the output node) shows what it yielded.
    return Object.fromEntries(
      Object.entries(nodes).map(([id, { yielded, ...node }]) => [id, { ...node, outputs: node.outputs.length > 0 ? node.outputs : yielded }]),
    )
  }
}

function graphNodes(view: RunView): { id: string; label: string | null }[] {
  return view.graph.nodes.map((node) => ({ id: node.id, label: typeof node.data?.label === 'string' ? node.data.label : null }))
}

/** A value shown as text: a string as it is, an agent message by its text, anything else as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value
  const text = (value as { text?: unknown } | null)?.text
  if (typeof text === 'string') return text
  return JSON.stringify(value) ?? ''
}

function nodeDiffers(a: ComparedNodeRun | undefined, b: ComparedNodeRun | undefined): boolean {
  if (!a || !b) return (a?.invoked ?? false) !== (b?.invoked ?? false) || (a?.outputs.length ?? 0) !== (b?.outputs.length ?? 0)
  return a.invoked !== b.invoked || a.failed !== b.failed || JSON.stringify(a.outputs) !== JSON.stringify(b.outputs)
}
