import { describe, expect, it } from 'vitest'
import { aggregate, compare, p50, type ScoredRow } from './experiment-aggregates'

const row = (rowId: string, trial: number, scores: [number, boolean][], extra: Partial<ScoredRow> = {}): ScoredRow => ({
  rowId,
  trial,
  input: rowId,
  status: 'scored',
  runStatus: 'succeeded',
  scores: scores.map(([score, passed], index) => ({ label: index === 0 ? 'exact' : 'judge', score, passed })),
  tokens: 10,
  latencyMs: 100 * (trial + 1),
  ...extra,
})
const evaluators = [
  { label: 'exact', kind: 'exact' },
  { label: 'judge', kind: 'llm_judge' },
]

describe('experiment aggregates', () => {
  it('means, pass rates, the spread over trials, tokens and the latency p50', () => {
    const rows = [
      row('a', 0, [
        [1, true],
        [1, true],
      ]),
      row('a', 1, [
        [0, false],
        [1, true],
      ]),
      row('b', 0, [
        [1, true],
        [0.5, true],
      ]),
      { ...row('c', 0, []), status: 'running', scores: null },
    ]
    const result = aggregate(rows, evaluators)
    expect(result.evaluators[0]).toEqual({ label: 'exact', kind: 'exact', meanScore: 2 / 3, passRate: 2 / 3, spread: 0.25 })
    expect(result.evaluators[1]).toMatchObject({ meanScore: 2.5 / 3, passRate: 1, spread: 0 })
    expect(result.meanScore).toBeCloseTo((2 / 3 + 2.5 / 3) / 2)
    expect(result.passRate).toBeCloseTo(2 / 3)
    expect(result.tokens).toEqual({ total: 30, mean: 10 })
    expect(result.latencyMs.p50).toBe(100)
    expect(p50([5, 1, 3, 2])).toBe(2)
  })

  it('nothing scored yet: nulls, not zeros', () => {
    expect(aggregate([], evaluators)).toMatchObject({ meanScore: null, passRate: null, latencyMs: { p50: null }, tokens: { total: 0, mean: null } })
  })

  it('compares row by row: regressed, improved, same, missing, and the aggregate deltas', () => {
    const baselineRows = [row('a', 0, [[1, true]]), row('b', 0, [[0, false]]), row('c', 0, [[1, true]]), row('gone', 0, [[1, true]])]
    const rows = [row('a', 0, [[0, false]]), row('b', 0, [[1, true]]), row('c', 0, [[1, true]]), row('new', 0, [[1, true]])]
    const one = [{ label: 'exact', kind: 'exact' }]
    const result = compare({ id: 'x', rows, aggregates: aggregate(rows, one) }, { id: 'y', rows: baselineRows, aggregates: aggregate(baselineRows, one) })
    expect(Object.fromEntries(result.rows.map((entry) => [entry.rowId, entry.verdict]))).toEqual({
      a: 'regressed',
      b: 'improved',
      c: 'same',
      new: 'missing',
      gone: 'missing',
    })
    expect(result.counts).toEqual({ regressed: 1, improved: 1, same: 1, missing: 2 })
    expect(result.aggregates.meanScore).toEqual({ value: 0.75, baseline: 0.75, delta: 0 })
    expect(result.aggregates.evaluators).toEqual([{ label: 'exact', value: 0.75, baseline: 0.75, delta: 0 }])
  })
})
