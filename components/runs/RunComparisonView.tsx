'use client'

import { errorMessage } from '@/components/api-client'
import { useRunComparison } from '@/components/queries/run-forks'
import { IntentLink } from '@/components/ui/IntentLink'
import { cn } from '@/components/ui'
import type { ModelCost } from '@/lib/contracts/model-prices'
import type { ComparedNodeRun, ComparedRun } from '@/lib/contracts/run-compare'
import { compactJson, formatCount, formatDuration } from './format'
import { RunStatusBadge } from './RunStatusBadge'
import { TextDiff } from './TextDiff'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Two runs side by side: their totals (cost per model too) and the differences, then node by node (rows that differ
 * highlighted, with what changed in their outputs), then their outputs and what changed in them.
 */
export function RunComparisonView({ a, b }: { a: string; b: string }) {
  if (!UUID.test(a) || !UUID.test(b)) {
    return (
      <p role="alert" className="text-sm text-zinc-700">
        Name two runs to compare: pick them on the{' '}
        <IntentLink href="/runs" className="text-indigo-600 hover:underline">
          runs list
        </IntentLink>
        .
      </p>
    )
  }
  return <Comparison a={a} b={b} />
}

function Comparison({ a, b }: { a: string; b: string }) {
  const query = useRunComparison(a, b)
  if (query.isError) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        Could not compare the runs: {errorMessage(query.error)}
      </p>
    )
  }
  const data = query.data
  if (!data) return <p className="text-sm text-zinc-500">Loading the runs…</p>
  const sides = [data.a, data.b] as const
  return (
    <div className="flex flex-col gap-6" data-testid="run-comparison">
      <table className="w-full table-fixed text-sm" data-testid="run-comparison-totals">
        <thead>
          <tr className="text-left text-xs text-zinc-500">
            <th className="w-40 py-1 font-medium" />
            {sides.map((run, i) => (
              <th key={i} className="py-1 font-medium">
                <IntentLink href={`/runs/${run.id}`} className="text-indigo-700 hover:underline">
                  {run.workflowName} v{run.version} · {run.id.slice(0, 8)}
                </IntentLink>
              </th>
            ))}
            <th className="w-32 py-1 font-medium">Difference</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          <tr>
            <th className="py-1.5 text-left font-normal text-zinc-600">Status</th>
            {sides.map((run, i) => (
              <td key={i} className="py-1.5">
                <RunStatusBadge status={run.status} />
              </td>
            ))}
            <td className="py-1.5 text-zinc-600">{data.a.status === data.b.status ? 'same' : 'differs'}</td>
          </tr>
          <TotalRow label="Duration" values={sides.map((run) => run.durationMs)} format={formatDuration} />
          <TotalRow label="Tokens" values={sides.map((run) => run.usage?.totalTokenCount ?? null)} format={formatCount} />
          <TotalRow label="Cost (USD)" values={sides.map((run) => run.cost.costUsd)} format={formatUsd} />
          {modelsOf(sides).map(({ key, label }) => (
            <TotalRow key={key} label={label} indent values={sides.map((run) => modelCost(run, key)?.costUsd ?? null)} format={formatUsd} />
          ))}
          <TotalRow label="Events" values={sides.map((run) => Object.values(run.eventCounts).reduce((sum, count) => sum + count, 0))} format={formatCount} />
        </tbody>
      </table>

      <section aria-label="Nodes">
        <h2 className="mb-2 text-sm font-semibold text-zinc-900">Node by node</h2>
        <div className="flex flex-col gap-1.5">
          {data.nodes.map((node) => (
            <div
              key={node.nodeId}
              data-testid="compare-node-row"
              data-node-id={node.nodeId}
              data-differs={node.differs ? 'true' : 'false'}
              className={cn(
                'grid grid-cols-[10rem_1fr_1fr] gap-3 rounded-md border px-3 py-2 text-xs',
                node.differs ? 'border-amber-300 bg-amber-50' : 'border-zinc-200',
              )}
            >
              <div className="font-medium text-zinc-800">
                {node.label ?? node.nodeId}
                {node.differs ? <span className="ml-1 text-amber-700">· differs</span> : null}
              </div>
              <NodeCell node={data.a.nodes[node.nodeId]} />
              <NodeCell node={data.b.nodes[node.nodeId]} />
              {node.differs ? <NodeChanges label={node.label ?? node.nodeId} a={data.a.nodes[node.nodeId]} b={data.b.nodes[node.nodeId]} /> : null}
            </div>
          ))}
        </div>
      </section>

      <section aria-label="Outputs" className="grid grid-cols-2 gap-3">
        {sides.map((run, i) => (
          <div key={i} className="rounded-md border border-zinc-200 p-3" data-testid="compare-outputs">
            <h2 className="mb-1 text-sm font-semibold text-zinc-900">Outputs of {run.id.slice(0, 8)}</h2>
            <Outputs run={run} />
          </div>
        ))}
        <OutputChanges a={data.a} b={data.b} />
      </section>
    </div>
  )
}

const formatUsd = (value: number) => `$${value.toFixed(4)}`

const modelKey = (cost: ModelCost) => `${cost.provider ?? ''}/${cost.model}`

/** The models that answered in either run, each once, as a cost row names them. */
function modelsOf(sides: readonly ComparedRun[]): { key: string; label: string }[] {
  const models = new Map<string, string>()
  for (const run of sides) {
    for (const cost of run.cost.byModel)
      models.set(modelKey(cost), cost.provider && cost.provider !== cost.model ? `${cost.model} (${cost.provider})` : cost.model)
  }
  return [...models].map(([key, label]) => ({ key, label }))
}

const modelCost = (run: ComparedRun, key: string) => run.cost.byModel.find((cost) => modelKey(cost) === key)

function TotalRow({
  label,
  values,
  format,
  indent = false,
}: {
  label: string
  values: (number | null)[]
  format: (value: number) => string
  indent?: boolean
}) {
  const [a, b] = values
  const delta = a === null || b === null ? null : b - a
  return (
    <tr data-testid={indent ? 'compare-model-cost' : undefined}>
      <th className={cn('py-1.5 text-left font-normal text-zinc-600', indent && 'pl-4 text-xs')}>{label}</th>
      {values.map((value, i) => (
        <td key={i} className="py-1.5 tabular-nums">
          {value === null ? '—' : format(value)}
        </td>
      ))}
      <td className="py-1.5 text-zinc-600 tabular-nums">
        {delta === null ? '—' : delta === 0 ? 'same' : `${delta > 0 ? '+' : '−'}${format(Math.abs(delta))}`}
      </td>
    </tr>
  )
}

function NodeCell({ node }: { node: ComparedNodeRun | undefined }) {
  if (!node?.invoked) return <div className="text-zinc-400 italic">not run</div>
  return (
    <div className="min-w-0">
      {node.outputs.length === 0 ? <span className="text-zinc-400">no output</span> : null}
      {node.outputs.map((text, i) => (
        <p key={i} className="break-words whitespace-pre-wrap text-zinc-800">
          {text}
        </p>
      ))}
      <p className="mt-0.5 text-zinc-500">
        {node.invocations > 1 ? `${node.invocations} invocations · ` : ''}
        {node.usage?.totalTokenCount !== undefined ? `${formatCount(node.usage.totalTokenCount)} tokens` : ''}
        {node.failed ? <span className="text-red-700"> · failed</span> : null}
      </p>
    </div>
  )
}

/** What changed in a differing node's outputs, from the first run to the second (nothing when one of them did not run). */
function NodeChanges({ label, a, b }: { label: string; a: ComparedNodeRun | undefined; b: ComparedNodeRun | undefined }) {
  if (!a?.invoked || !b?.invoked) return null
  const before = a.outputs.join('\n')
  const after = b.outputs.join('\n')
  if (before === after) return null
  return (
    <div className="col-start-2 col-end-4 border-t border-amber-200 pt-1.5" data-testid="compare-node-changes">
      <TextDiff before={before} after={after} label={`What changed in the outputs of ${label}`} />
    </div>
  )
}

/** An output as the comparison shows it: text as it is, anything else as compact JSON. */
const shownOutput = (output: unknown) => (typeof output === 'string' ? output : compactJson(output, 2_000))

const outputText = (run: ComparedRun) => (run.outputs ?? []).map(shownOutput).join('\n')

/** What changed in the workflow's outputs, under both; nothing when they are the same or a run has none. */
function OutputChanges({ a, b }: { a: ComparedRun; b: ComparedRun }) {
  const before = outputText(a)
  const after = outputText(b)
  if (!before || !after || before === after) return null
  return (
    <div className="col-span-2 rounded-md border border-zinc-200 p-3 text-xs" data-testid="compare-output-changes">
      <h2 className="mb-1 text-sm font-semibold text-zinc-900">
        What changed from {a.id.slice(0, 8)} to {b.id.slice(0, 8)}
      </h2>
      <TextDiff before={before} after={after} label="What changed in the outputs" />
    </div>
  )
}

function Outputs({ run }: { run: ComparedRun }) {
  if (run.error) return <p className="text-xs text-red-700">{run.error}</p>
  if (!run.outputs || run.outputs.length === 0) return <p className="text-xs text-zinc-500">No outputs.</p>
  return (
    <ul className="flex flex-col gap-1 text-xs text-zinc-800">
      {run.outputs.map((output, i) => (
        <li key={i} className="break-words whitespace-pre-wrap">
          {shownOutput(output)}
        </li>
      ))}
    </ul>
  )
}
