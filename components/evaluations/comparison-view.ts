/**
 * What the compare page shows of two experiments (lib/contracts/experiments.ts `ExperimentComparison`): the rows with
 * regressions first, the aggregate deltas each said as better or worse (a higher score is better, more tokens or
 * latency worse), and the bars of the chart.
 */
import type { ExperimentComparison } from '@/lib/contracts/experiments'

export type ComparedRow = ExperimentComparison['rows'][number]
export type DeltaDirection = 'better' | 'worse' | 'same' | 'unknown'

const VERDICT_ORDER: Record<ComparedRow['verdict'], number> = { regressed: 0, improved: 1, missing: 2, same: 3 }

/** Regressions first (worst first), then improvements (best first), then rows only one side has, then the unchanged, each by row. */
export function orderedRows(rows: readonly ComparedRow[]): ComparedRow[] {
  return [...rows].sort(
    (a, b) => VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] || Math.abs(b.delta ?? 0) - Math.abs(a.delta ?? 0) || a.rowId.localeCompare(b.rowId),
  )
}

export interface AggregateDelta {
  label: string
  value: number | null
  baseline: number | null
  delta: number | null
  format: 'score' | 'percent' | 'count'
  direction: DeltaDirection
}

function direction(delta: number | null, higherIsBetter: boolean): DeltaDirection {
  if (delta === null) return 'unknown'
  if (delta === 0) return 'same'
  return delta > 0 === higherIsBetter ? 'better' : 'worse'
}

export function aggregateDeltas(comparison: ExperimentComparison): AggregateDelta[] {
  const { aggregates } = comparison
  const entry = (
    label: string,
    figures: { value: number | null; baseline: number | null; delta: number | null },
    format: AggregateDelta['format'],
    higherIsBetter: boolean,
  ) => ({
    label,
    ...figures,
    format,
    direction: direction(figures.delta, higherIsBetter),
  })
  return [
    entry('Mean score', aggregates.meanScore, 'score', true),
    entry('Pass rate', aggregates.passRate, 'percent', true),
    entry('Tokens per run', aggregates.tokensMean, 'count', false),
    entry('Latency p50 (ms)', aggregates.latencyP50, 'count', false),
    ...aggregates.evaluators.map((evaluator) => entry(evaluator.label, evaluator, 'score', true)),
  ]
}

/** One bar pair per evaluator (and the mean): the baseline's score beside this experiment's. */
export function chartBars(comparison: ExperimentComparison): { label: string; baseline: number; current: number }[] {
  const { aggregates } = comparison
  return [{ label: 'Mean', ...aggregates.meanScore }, ...aggregates.evaluators].map((figures) => ({
    label: 'label' in figures ? figures.label : 'Mean',
    baseline: figures.baseline ?? 0,
    current: figures.value ?? 0,
  }))
}
