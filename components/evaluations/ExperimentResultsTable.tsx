'use client'

import { useState } from 'react'
import { Button, cn } from '@/components/ui'
import { IntentLink } from '@/components/ui/IntentLink'
import type { ExperimentResultRow } from '@/lib/contracts/experiments'
import { cellPreview, formatUsd } from './experiment-format'

/** Rows per page: the table renders only one page, so 1,000 rows open as fast as 50 (the repo has no virtualiser). */
export const RESULTS_PAGE_SIZE = 50

const CELL = 'px-2 py-1.5 align-top'

/** An experiment's runs, one line per row and trial: what went in and came out, each evaluator's score and reason, and what it cost. */
export function ExperimentResultsTable({ rows, labels }: { rows: readonly (ExperimentResultRow & { costUsd?: number | null })[]; labels: readonly string[] }) {
  const [page, setPage] = useState(0)
  const pages = Math.max(1, Math.ceil(rows.length / RESULTS_PAGE_SIZE))
  const shown = rows.slice(page * RESULTS_PAGE_SIZE, (page + 1) * RESULTS_PAGE_SIZE)
  const trials = rows.some((row) => row.trial > 1)

  return (
    <section className="flex flex-col rounded-lg border border-zinc-200 bg-white" aria-label="Results">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-xs" data-testid="experiment-results">
          <thead className="border-b border-zinc-200 bg-zinc-50 text-zinc-500">
            <tr>
              <th className={CELL}>#</th>
              {trials ? <th className={CELL}>Trial</th> : null}
              <th className={CELL}>Input</th>
              <th className={CELL}>Output</th>
              <th className={CELL}>Expected</th>
              {labels.map((label) => (
                <th key={label} className={CELL}>
                  {label}
                </th>
              ))}
              <th className={CELL}>Tokens</th>
              <th className={CELL}>Latency</th>
              <th className={CELL}>Cost</th>
              <th className={CELL}>
                <span className="sr-only">Run</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {shown.map((row) => (
              <tr key={`${row.rowId}-${row.trial}`} data-testid="result-row" data-status={row.status}>
                <td className={`${CELL} text-zinc-400 tabular-nums`}>{row.rowIndex + 1}</td>
                {trials ? <td className={`${CELL} tabular-nums`}>{row.trial}</td> : null}
                <td className={`${CELL} max-w-56 break-words`}>{cellPreview(row.input)}</td>
                <td className={`${CELL} max-w-72 break-words`} data-testid="result-output">
                  {row.status === 'scored' ? (
                    cellPreview(row.output)
                  ) : (
                    <span className="text-zinc-400">{row.status === 'running' ? 'running…' : 'waiting'}</span>
                  )}
                </td>
                <td className={`${CELL} max-w-56 break-words text-zinc-600`}>{cellPreview(row.expected)}</td>
                {labels.map((label) => {
                  const score = row.scores.find((one) => one.label === label)
                  return (
                    <td key={label} className={`${CELL} max-w-48`} data-testid="result-score">
                      {score ? (
                        <span title={score.reason}>
                          <span className={cn('font-semibold tabular-nums', score.passed ? 'text-emerald-700' : 'text-red-700')}>{score.score.toFixed(2)}</span>
                          <span className="ml-1 line-clamp-2 text-zinc-500">{score.reason}</span>
                        </span>
                      ) : (
                        '—'
                      )}
                    </td>
                  )
                })}
                <td className={`${CELL} tabular-nums`}>{row.tokens ?? '—'}</td>
                <td className={`${CELL} tabular-nums`}>{row.latencyMs === null ? '—' : `${Math.round(row.latencyMs)} ms`}</td>
                <td className={`${CELL} tabular-nums`}>{formatUsd(row.costUsd)}</td>
                <td className={CELL}>
                  {row.runId ? (
                    <IntentLink href={`/runs/${row.runId}`} className="text-indigo-600 hover:underline">
                      run
                    </IntentLink>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <div className="flex items-center justify-end gap-2 border-t border-zinc-200 px-3 py-2 text-xs text-zinc-600">
          <Button size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="tabular-nums">
            Page {page + 1} of {pages} · {rows.length} runs
          </span>
          <Button size="sm" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      ) : null}
    </section>
  )
}
