import { describe, expect, it } from 'vitest'
import { evaluateExact } from './exact'
import { refused, sampleOf, specOf } from './sample-fixture'

describe('exact', () => {
  it('passes on the same text, trimmed, against the value or the expected answer', () => {
    expect(evaluateExact(sampleOf({ output: ' Paris \n' }), specOf({ kind: 'exact', value: 'Paris' }))).toMatchObject({ score: 1, passed: true })
    expect(evaluateExact(sampleOf({ output: 'Paris', expected: 'Paris' }), specOf({ kind: 'exact' })).passed).toBe(true)
    expect(evaluateExact(sampleOf({ output: 'paris' }), specOf({ kind: 'exact', value: 'Paris', caseSensitive: false })).passed).toBe(true)
  })

  it('fails on other text, or with nothing to compare with', () => {
    const result = evaluateExact(sampleOf({ output: 'Lyon' }), specOf({ kind: 'exact', value: 'Paris' }))
    expect(result).toMatchObject({ score: 0, passed: false })
    expect(result.reason).toContain('"Lyon"')
    expect(evaluateExact(sampleOf({ output: 'paris' }), specOf({ kind: 'exact', value: 'Paris' })).passed).toBe(false)
    expect(evaluateExact(sampleOf({ output: 'x' }), specOf({ kind: 'exact' })).reason).toContain('Nothing to compare')
  })

  it('refuses a bad spec', () => {
    expect(refused({ kind: 'exact', value: 3 })).toBe(true)
    expect(refused({ kind: 'exact', caseSensitive: 'yes' })).toBe(true)
  })
})
