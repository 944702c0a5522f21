import { describe, expect, it } from 'vitest'
import { evaluateContains } from './contains'
import { refused, sampleOf, specOf } from './sample-fixture'

describe('contains', () => {
  it('passes when every text appears (case folded by default)', () => {
    expect(evaluateContains(sampleOf({ output: 'We will REFUND you today' }), specOf({ kind: 'contains', value: ['refund', 'today'] }))).toMatchObject({
      score: 1,
      passed: true,
    })
    expect(evaluateContains(sampleOf({ output: 'the answer is 42', expected: '42' }), specOf({ kind: 'contains' })).passed).toBe(true)
  })

  it('grades the share found and fails below passAt; any needs one', () => {
    const half = evaluateContains(sampleOf({ output: 'refund' }), specOf({ kind: 'contains', value: ['refund', 'today'] }))
    expect(half).toMatchObject({ score: 0.5, passed: false })
    expect(half.reason).toContain('"today"')
    expect(evaluateContains(sampleOf({ output: 'refund' }), specOf({ kind: 'contains', value: ['refund', 'today'], passAt: 0.5 })).passed).toBe(true)
    expect(evaluateContains(sampleOf({ output: 'today' }), specOf({ kind: 'contains', value: ['refund', 'today'], match: 'any' })).score).toBe(1)
    expect(evaluateContains(sampleOf({ output: 'Refund' }), specOf({ kind: 'contains', value: 'refund', caseSensitive: true })).passed).toBe(false)
  })

  it('refuses a bad spec', () => {
    expect(refused({ kind: 'contains', value: [] })).toBe(true)
    expect(refused({ kind: 'contains', match: 'some' })).toBe(true)
    expect(refused({ kind: 'contains', passAt: 2 })).toBe(true)
  })
})
