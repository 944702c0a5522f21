'use client'

import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { cn } from '@/components/ui'
import { IntentLink } from '@/components/ui/IntentLink'
import type { ExperimentResultRow } from '@/lib/contracts/experiments'
import { cellPreview, formatUsd } from './experiment-format'
import { gridTemplate, minimumWidthRem, resultColumns, type ResultColumn } from './results-table-columns'

/** A row's height before it is measured (a score's reason on two lines); each row is measured as it is drawn. */
const ESTIMATED_ROW_PX = 60
/** Rows drawn beyond each edge of the view, so a fast scroll or a flick of the wheel does not show blank space. */
const OVERSCAN = 10

const CELL = 'px-2 py-1.5 min-w-0'

type ResultRow = ExperimentResultRow & { costUsd?: number | null }

/**
 * An experiment's runs, one line per row and trial: what went in and came out, each evaluator's score and reason, and
 * what it cost. All rows are in one scroll container, but only those in view (and a few either side) are in the page:
 * a 1,000-row experiment opens and scrolls as fast as a 20-row one. Screen readers get a table of the whole size
 * (aria-rowcount, and each drawn row's aria-rowindex); the header stays at the top while the rows scroll under it; the
 * container takes focus so the arrow and page keys scroll it.
 */
export function ExperimentResultsTable({ rows, labels }: { rows: readonly ResultRow[]; labels: readonly string[] }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const headerRef = useRef<HTMLDivElement>(null)
  // The rows start below the sticky header: the virtualiser counts from there.
  const [headerHeight, setHeaderHeight] = useState(0)
  useLayoutEffect(() => setHeaderHeight(headerRef.current?.offsetHeight ?? 0), [labels])
  const trials = rows.some((row) => row.trial > 1)
  const columns = resultColumns(labels, trials)
  const style = { gridTemplateColumns: gridTemplate(columns) }
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => `${rows[index]!.rowId}-${rows[index]!.trial}`,
    overscan: OVERSCAN,
    scrollMargin: headerHeight,
  })

  return (
    <section className="flex flex-col rounded-lg border border-zinc-200 bg-white" aria-label="Results">
      <div
        ref={scrollRef}
        className="max-h-[70vh] overflow-auto rounded-t-lg focus-visible:outline-2 focus-visible:outline-indigo-500"
        // Focusable so the keyboard scrolls it (arrows, Page Up/Down, Home/End), as it would a page.
        tabIndex={0}
        role="region"
        aria-label={`Results table, ${rows.length} runs`}
        data-testid="experiment-results-scroller"
        onKeyDown={(event) => {
          // Home and End go to the first and the last row. The browser's own would stop at the end of the rows measured
          // so far (the rest are estimated until drawn); the virtualiser scrolls until the last row is drawn at the end.
          if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || rows.length === 0) return
          if (event.key === 'End') virtualizer.scrollToIndex(rows.length - 1, { align: 'end' })
          else if (event.key === 'Home') virtualizer.scrollToOffset(0)
          else return
          event.preventDefault()
        }}
      >
        <div
          role="table"
          aria-label="Experiment results"
          aria-rowcount={rows.length + 1}
          aria-colcount={columns.length}
          className="text-left text-xs"
          style={{ minWidth: `${minimumWidthRem(columns)}rem` }}
          data-testid="experiment-results"
          data-row-count={rows.length}
        >
          <div role="rowgroup" ref={headerRef} className="sticky top-0 z-10 border-b border-zinc-200 bg-zinc-50 text-zinc-500">
            <div role="row" aria-rowindex={1} className="grid" style={style}>
              {columns.map((column) => (
                <div key={column.key} role="columnheader" className={cn(CELL, 'font-semibold')}>
                  {column.key === 'run' ? <span className="sr-only">{column.header}</span> : column.header}
                </div>
              ))}
            </div>
          </div>
          <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className="absolute top-0 left-0 grid w-full border-b border-zinc-100"
                  style={{ ...style, transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
                  data-testid="result-row"
                  data-status={row.status}
                  data-row-index={item.index}
                >
                  {columns.map((column) => (
                    <div key={column.key} role="cell" className={cn(CELL, 'break-words')} {...cellTestId(column)}>
                      {cell(row, column)}
                    </div>
                  ))}
                </div>
              )
            })}
          </div>
        </div>
      </div>
      <p className="border-t border-zinc-200 px-3 py-1.5 text-right text-xs text-zinc-500 tabular-nums" data-testid="result-count">
        {rows.length} run{rows.length === 1 ? '' : 's'}
      </p>
    </section>
  )
}

function cellTestId(column: ResultColumn): { 'data-testid'?: string } {
  if (column.key === 'output') return { 'data-testid': 'result-output' }
  if (column.key.startsWith('score:')) return { 'data-testid': 'result-score' }
  return {}
}

function cell(row: ResultRow, column: ResultColumn): ReactNode {
  switch (column.key) {
    case '#':
      return <span className="text-zinc-400 tabular-nums">{row.rowIndex + 1}</span>
    case 'trial':
      return <span className="tabular-nums">{row.trial}</span>
    case 'input':
      return cellPreview(row.input)
    case 'output':
      return row.status === 'scored' ? cellPreview(row.output) : <span className="text-zinc-400">{row.status === 'running' ? 'running…' : 'waiting'}</span>
    case 'expected':
      return <span className="text-zinc-600">{cellPreview(row.expected)}</span>
    case 'tokens':
      return <span className="tabular-nums">{row.tokens ?? '—'}</span>
    case 'latency':
      return <span className="tabular-nums">{row.latencyMs === null ? '—' : `${Math.round(row.latencyMs)} ms`}</span>
    case 'cost':
      return <span className="tabular-nums">{formatUsd(row.costUsd)}</span>
    case 'run':
      return row.runId ? (
        <IntentLink href={`/runs/${row.runId}`} className="text-indigo-600 hover:underline">
          run
        </IntentLink>
      ) : null
    default: {
      const score = row.scores.find((one) => `score:${one.label}` === column.key)
      return score ? (
        <span title={score.reason}>
          <span className={cn('font-semibold tabular-nums', score.passed ? 'text-emerald-700' : 'text-red-700')}>{score.score.toFixed(2)}</span>
          <span className="ml-1 line-clamp-2 text-zinc-500">{score.reason}</span>
        </span>
      ) : (
        '—'
      )
    }
  }
}
