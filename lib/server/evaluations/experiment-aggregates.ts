/**
 * What an experiment's scored rows add up to (per evaluator: mean score, pass rate, spread over trials; overall:
 * mean score, pass rate, tokens, latency p50), and how one experiment compares with another row by row. Pure:
 * computed on read from the ExperimentRow table, so progress and results never drift from what is stored.
 */
import type { ExperimentAggregates, ExperimentComparison } from '@/lib/contracts/experiments'

export interface ScoredRow {
  rowId: string
  trial: number
  input: unknown
  status: string
  runStatus: string | null
  scores: { label: string; score: number; passed: boolean }[] | null
  tokens: number | null
  latencyMs: number | null
  /** What the run cost by the workspace's price table; null or absent when its model has no price. */
  costUsd?: number | null
}

/** Row scores this close count as the same (float noise, a judge's rounding). */
const SAME = 1e-9

const mean = (values: readonly number[]) => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length)

function standardDeviation(values: readonly number[]): number {
  const average = mean(values) ?? 0
  return Math.sqrt(values.reduce((sum, value) => sum + (value - average) ** 2, 0) / values.length)
}

/** The median (the lower middle of an even count, so it is a value that occurred). */
export function p50(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]!
}

export function aggregate(rows: readonly ScoredRow[], evaluators: readonly { label: string; kind: string }[]): ExperimentAggregates {
  const scored = rows.filter((row) => row.status === 'scored' && row.scores)
  const perEvaluator = evaluators.map(({ label, kind }) => {
    const results = scored.flatMap((row) => row.scores!.filter((score) => score.label === label))
    const byRow = new Map<string, number[]>()
    for (const row of scored) {
      const score = row.scores!.find((entry) => entry.label === label)
      if (score) byRow.set(row.rowId, [...(byRow.get(row.rowId) ?? []), score.score])
    }
    return {
      label,
      kind,
      meanScore: mean(results.map((result) => result.score)),
      passRate: mean(results.map((result) => (result.passed ? 1 : 0))),
      spread: mean([...byRow.values()].map(standardDeviation)),
    }
  })
  const means = perEvaluator.map((entry) => entry.meanScore).filter((value): value is number => value !== null)
  const tokens = scored.map((row) => row.tokens).filter((value): value is number => value !== null)
  const costs = scored.map((row) => row.costUsd).filter((value): value is number => typeof value === 'number')
  return {
    meanScore: mean(means),
    passRate: mean(scored.map((row) => (row.scores!.every((score) => score.passed) ? 1 : 0))),
    evaluators: perEvaluator,
    tokens: { total: tokens.reduce((sum, value) => sum + value, 0), mean: mean(tokens) },
    latencyMs: { p50: p50(scored.map((row) => row.latencyMs).filter((value): value is number => value !== null)) },
    cost: { totalUsd: costs.length === 0 ? null : costs.reduce((sum, value) => sum + value, 0), meanUsd: mean(costs) },
    runsFailed: scored.filter((row) => row.runStatus !== null && row.runStatus !== 'succeeded').length,
  }
}

/** Each dataset row's mean score over its evaluators and trials (rows not scored yet are left out). */
export function rowScores(rows: readonly ScoredRow[]): Map<string, { score: number; input: unknown }> {
  const byRow = new Map<string, { scores: number[]; input: unknown }>()
  for (const row of rows) {
    if (row.status !== 'scored' || !row.scores || row.scores.length === 0) continue
    const entry = byRow.get(row.rowId) ?? { scores: [], input: row.input }
    entry.scores.push(mean(row.scores.map((score) => score.score))!)
    byRow.set(row.rowId, entry)
  }
  return new Map([...byRow].map(([rowId, entry]) => [rowId, { score: mean(entry.scores)!, input: entry.input }]))
}

const deltaOf = (value: number | null, baseline: number | null) => ({ value, baseline, delta: value === null || baseline === null ? null : value - baseline })

export function compare(
  experiment: { id: string; rows: readonly ScoredRow[]; aggregates: ExperimentAggregates },
  baseline: { id: string; rows: readonly ScoredRow[]; aggregates: ExperimentAggregates },
): ExperimentComparison {
  const mine = rowScores(experiment.rows)
  const theirs = rowScores(baseline.rows)
  const rowIds = [...new Set([...mine.keys(), ...theirs.keys()])]
  const rows = rowIds.map((rowId) => {
    const score = mine.get(rowId)?.score ?? null
    const baselineScore = theirs.get(rowId)?.score ?? null
    const delta = score === null || baselineScore === null ? null : score - baselineScore
    const verdict = delta === null ? ('missing' as const) : delta < -SAME ? ('regressed' as const) : delta > SAME ? ('improved' as const) : ('same' as const)
    return { rowId, input: mine.get(rowId)?.input ?? theirs.get(rowId)?.input, score, baselineScore, delta, verdict }
  })
  const count = (verdict: string) => rows.filter((row) => row.verdict === verdict).length
  const mineAggregates = experiment.aggregates
  const theirAggregates = baseline.aggregates
  return {
    experimentId: experiment.id,
    baselineId: baseline.id,
    rows,
    counts: { regressed: count('regressed'), improved: count('improved'), same: count('same'), missing: count('missing') },
    aggregates: {
      meanScore: deltaOf(mineAggregates.meanScore, theirAggregates.meanScore),
      passRate: deltaOf(mineAggregates.passRate, theirAggregates.passRate),
      tokensMean: deltaOf(mineAggregates.tokens.mean, theirAggregates.tokens.mean),
      latencyP50: deltaOf(mineAggregates.latencyMs.p50, theirAggregates.latencyMs.p50),
      evaluators: mineAggregates.evaluators.map((entry) => ({
        label: entry.label,
        ...deltaOf(entry.meanScore, theirAggregates.evaluators.find((other) => other.label === entry.label)?.meanScore ?? null),
      })),
    },
  }
}
