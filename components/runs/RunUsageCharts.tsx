'use client'

import { useMemo } from 'react'
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { RunEvent } from '@/lib/contracts/run-events'
import { formatCount } from './format'
import { Panel } from './Panel'
import { runTokenUsage } from './token-usage'

// The 500 steps read on light and dark backgrounds alike (the dark palette maps 500 to itself).
const INPUT_COLOUR = 'var(--color-indigo-500)'
const OUTPUT_COLOUR = 'var(--color-emerald-500)'
const TOTAL_COLOUR = 'var(--color-violet-500)'
const tooltipStyle = {
  background: 'var(--color-white)',
  border: '1px solid var(--color-zinc-200)',
  borderRadius: 6,
  fontSize: 12,
  color: 'var(--color-zinc-800)',
}
const axisTick = { fill: 'currentColor', fontSize: 11 }

export interface RunUsageChartsProps {
  events: readonly RunEvent[]
  labelOf: (executorId: string) => string
  startedAt: string | null
}

/** Tokens per agent (input and output) and the run's running total over its time; nothing until a model reported usage. */
export function RunUsageCharts({ events, labelOf, startedAt }: RunUsageChartsProps) {
  const usage = useMemo(() => runTokenUsage(events, labelOf, startedAt), [events, labelOf, startedAt])
  if (usage.byAgent.length === 0) return null
  const total = usage.overTime.at(-1)?.total ?? 0
  return (
    <Panel
      title="Token usage"
      data-testid="run-usage-charts"
      actions={<span className="text-[11px] text-zinc-400">{formatCount(total)} tokens</span>}
      bodyClassName="grid grid-cols-1 gap-4 text-zinc-500 md:grid-cols-2"
    >
      <figure className="flex min-w-0 flex-col gap-1" data-testid="usage-by-agent">
        <figcaption className="text-xs font-medium text-zinc-600">Per agent</figcaption>
        <div className="h-48">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={usage.byAgent} margin={{ top: 4, right: 8, bottom: 0, left: -12 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--color-zinc-200)" vertical={false} />
              <XAxis dataKey="agent" tick={axisTick} interval={0} />
              <YAxis tick={axisTick} allowDecimals={false} />
              <Tooltip contentStyle={tooltipStyle} cursor={{ fill: 'var(--color-zinc-100)' }} />
              <Legend wrapperStyle={{ fontSize: 11 }} />
              <Bar dataKey="input" name="Input" stackId="tokens" fill={INPUT_COLOUR} isAnimationActive={false} />
              <Bar dataKey="output" name="Output" stackId="tokens" fill={OUTPUT_COLOUR} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="flex min-w-0 flex-col gap-1" data-testid="usage-over-time">
        <figcaption className="text-xs font-medium text-zinc-600">Over the run (seconds since it started)</figcaption>
        <div className="h-48">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={usage.overTime} margin={{ top: 4, right: 8, bottom: 0, left: -12 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--color-zinc-200)" vertical={false} />
              <XAxis dataKey="seconds" type="number" domain={[0, 'dataMax']} tick={axisTick} unit="s" />
              <YAxis tick={axisTick} allowDecimals={false} />
              <Tooltip contentStyle={tooltipStyle} labelFormatter={(seconds) => `+${seconds}s`} />
              <Line type="stepAfter" dataKey="total" name="Tokens so far" stroke={TOTAL_COLOUR} strokeWidth={2} dot={{ r: 2 }} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </figure>
      {/* The numbers behind the charts, for screen readers and for copying. */}
      <table className="sr-only">
        <caption>Tokens per agent</caption>
        <tbody>
          {usage.byAgent.map((agent) => (
            <tr key={agent.agent}>
              <th scope="row">{agent.agent}</th>
              <td>{agent.input} input</td>
              <td>{agent.output} output</td>
              <td>{agent.total} total</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  )
}
