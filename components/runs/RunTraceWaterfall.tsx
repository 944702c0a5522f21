'use client'

import { useMemo } from 'react'
import { cn } from '@/components/ui'
import type { RunEvent } from '@/lib/contracts/run-events'
import { formatDuration } from './format'
import { buildWaterfall, type SpanKind, type SpanStatus } from './trace-waterfall'
import { useNow } from './use-now'

export interface RunTraceWaterfallProps {
  events: readonly RunEvent[]
  labelOf: (executorId: string) => string
  /** While the run is active its open spans grow with the clock. */
  runActive: boolean
}

const BAR_COLOR: Record<SpanKind, string> = {
  run: 'bg-zinc-500',
  superstep: 'bg-sky-400',
  executor: 'bg-indigo-500',
  agent: 'bg-violet-500',
  tool: 'bg-amber-500',
}

const STATUS_TEXT: Record<SpanStatus, string> = { ok: '', error: 'failed', open: 'running' }

/** The run's spans as a waterfall (rebuilt from its events, as trace-waterfall.ts explains). */
export function RunTraceWaterfall({ events, labelOf, runActive }: RunTraceWaterfallProps) {
  const now = useNow(1_000, runActive)
  const waterfall = useMemo(() => buildWaterfall(events, labelOf, runActive ? (now ?? undefined) : undefined), [events, labelOf, runActive, now])

  if (waterfall.rows.length === 0) return <p className="text-sm text-zinc-500">No spans yet.</p>
  return (
    <div role="table" aria-label="Trace waterfall" className="flex flex-col text-xs" data-testid="trace-waterfall">
      <div role="row" className="flex items-center gap-2 border-b border-zinc-100 pb-1 text-[11px] text-zinc-500">
        <span role="columnheader" className="w-64 shrink-0">
          Span
        </span>
        <span role="columnheader" className="flex-1">
          0 — {formatDuration(waterfall.totalMs)}
        </span>
        <span role="columnheader" className="w-20 shrink-0 text-right">
          Duration
        </span>
      </div>
      {waterfall.rows.map((row) => (
        <div role="row" key={row.id} className="flex items-center gap-2 py-0.5" data-testid="trace-row" data-span-kind={row.kind} data-span-status={row.status}>
          <span role="cell" className="w-64 shrink-0 truncate text-zinc-800" style={{ paddingLeft: `${row.depth * 12}px` }} title={row.label}>
            {row.label}
            {STATUS_TEXT[row.status] ? (
              <span className={cn('ml-1', row.status === 'error' ? 'text-red-700' : 'text-zinc-500')}>({STATUS_TEXT[row.status]})</span>
            ) : null}
          </span>
          <span role="cell" className="relative h-3 flex-1 rounded-sm bg-zinc-50">
            <span
              className={cn(
                'absolute top-0 h-3 rounded-sm',
                row.status === 'error' ? 'bg-red-500' : BAR_COLOR[row.kind],
                row.status === 'open' && 'opacity-60',
              )}
              style={{ left: `${row.leftPercent}%`, width: `${row.widthPercent}%` }}
              aria-hidden
            />
          </span>
          <span role="cell" className="w-20 shrink-0 text-right text-zinc-600 tabular-nums">
            {formatDuration(row.durationMs)}
          </span>
        </div>
      ))}
    </div>
  )
}
