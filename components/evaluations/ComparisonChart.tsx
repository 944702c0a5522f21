'use client'

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

const tooltipStyle = {
  background: 'var(--color-white)',
  border: '1px solid var(--color-zinc-200)',
  borderRadius: 6,
  fontSize: 12,
  color: 'var(--color-zinc-800)',
}
const axisTick = { fill: 'currentColor', fontSize: 11 }

/** The mean score and each evaluator's, baseline beside this experiment (loaded with the compare page's first use of recharts). */
export function ComparisonChart({ bars }: { bars: readonly { label: string; baseline: number; current: number }[] }) {
  return (
    <figure className="flex min-w-0 flex-col gap-1 text-zinc-500" data-testid="comparison-chart">
      <figcaption className="text-xs font-medium text-zinc-600">Scores, baseline and this experiment</figcaption>
      <div className="h-56">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={[...bars]} margin={{ top: 4, right: 8, bottom: 0, left: -12 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-zinc-200)" vertical={false} />
            <XAxis dataKey="label" tick={axisTick} interval={0} />
            <YAxis tick={axisTick} domain={[0, 1]} />
            <Tooltip
              contentStyle={tooltipStyle}
              cursor={{ fill: 'var(--color-zinc-100)' }}
              formatter={(value) => (typeof value === 'number' ? value.toFixed(2) : String(value))}
            />
            <Legend wrapperStyle={{ fontSize: 11 }} />
            <Bar dataKey="baseline" name="Baseline" fill="var(--color-zinc-400)" isAnimationActive={false} />
            <Bar dataKey="current" name="This experiment" fill="var(--color-indigo-500)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  )
}
