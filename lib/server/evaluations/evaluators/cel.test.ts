import { describe, expect, it } from 'vitest'
import { evaluateCel } from './cel'
import { checkEvaluatorSpec } from './evaluate'
import { refused, sampleOf, specOf } from './sample-fixture'

describe('cel', () => {
  const sample = sampleOf({
    input: '{"customer":"ada"}',
    output: 'Refund issued',
    expected: 'Refund',
    metrics: { tokens: 120, latencyMs: 900 },
    toolCalls: [{ name: 'refund', arguments: '{"amount":5}' }],
  })

  it('passes on a true bool, and scores a number', () => {
    expect(evaluateCel(sample, specOf({ kind: 'cel', expression: 'output.contains(expected) && metrics.tokens < 500' })).passed).toBe(true)
    expect(
      evaluateCel(sample, specOf({ kind: 'cel', expression: 'input.customer == "ada" && toolCalls.exists(c, c.name == "refund" && c.arguments.amount == 5)' }))
        .passed,
    ).toBe(true)
    expect(evaluateCel(sample, specOf({ kind: 'cel', expression: 'metrics.tokens / 200.0' }))).toMatchObject({ score: 0.6, passed: true })
  })

  it('fails on false, on a value that is no score, and on an error on the row', () => {
    expect(evaluateCel(sample, specOf({ kind: 'cel', expression: 'metrics.latencyMs < 500' }))).toMatchObject({ score: 0, passed: false })
    expect(evaluateCel(sample, specOf({ kind: 'cel', expression: 'metrics.tokens' })).reason).toContain('bool or a number')
    expect(evaluateCel(sample, specOf({ kind: 'cel', expression: 'input.missing == 1' })).passed).toBe(false)
  })

  it('refuses a bad spec', () => {
    expect(refused({ kind: 'cel', expression: '' })).toBe(true)
    expect(() => checkEvaluatorSpec(specOf({ kind: 'cel', expression: 'output.contains(' }))).toThrow(/does not compile/)
    expect(() => checkEvaluatorSpec(specOf({ kind: 'cel', expression: 'unknownVariable == 1' }))).toThrow(/does not compile/)
  })
})
