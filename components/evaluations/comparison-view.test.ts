import { describe, expect, it } from 'vitest'
import type { ExperimentComparison } from '@/lib/contracts/experiments'
import { aggregateDeltas, chartBars, orderedRows } from './comparison-view'

const figures = (value: number | null, baseline: number | null) => ({ value, baseline, delta: value === null || baseline === null ? null : value - baseline })
const row = (rowId: string, score: number | null, baselineScore: number | null, verdict: ExperimentComparison['rows'][number]['verdict']) => ({
  rowId,
  input: rowId,
  score,
  baselineScore,
  delta: score === null || baselineScore === null ? null : score - baselineScore,
  verdict,
})

const comparison: ExperimentComparison = {
  experimentId: 'b',
  baselineId: 'a',
  rows: [row('r1', 1, 1, 'same'), row('r2', 0.5, 1, 'improved'), row('r3', 0, 1, 'regressed'), row('r4', 0.8, 1, 'regressed'), row('r5', 1, null, 'missing')],
  counts: { regressed: 2, improved: 1, same: 1, missing: 1 },
  aggregates: {
    meanScore: figures(0.6, 0.8),
    passRate: figures(0.5, 0.5),
    tokensMean: figures(120, 100),
    latencyP50: figures(80, 100),
    evaluators: [{ label: 'contains', ...figures(0.5, 1) }],
  },
}

describe('comparison view', () => {
  it('puts the worst regressions first, then improvements, missing and unchanged rows', () => {
    expect(orderedRows(comparison.rows).map((one) => one.rowId)).toEqual(['r3', 'r4', 'r2', 'r5', 'r1'])
  })

  it('says which deltas are better: higher scores, fewer tokens, lower latency', () => {
    const deltas = Object.fromEntries(aggregateDeltas(comparison).map((delta) => [delta.label, delta.direction]))
    expect(deltas).toEqual({ 'Mean score': 'worse', 'Pass rate': 'same', 'Tokens per run': 'worse', 'Latency p50 (ms)': 'better', contains: 'worse' })
  })

  it('draws the mean and each evaluator as a baseline/current pair', () => {
    expect(chartBars(comparison)).toEqual([
      { label: 'Mean', baseline: 0.8, current: 0.6 },
      { label: 'contains', baseline: 1, current: 0.5 },
    ])
  })
})
