import { describe, expect, it } from 'vitest'
import { checkEvaluatorSpec } from './evaluate'
import { evaluateRegex } from './regex'
import { refused, sampleOf, specOf } from './sample-fixture'

describe('regex', () => {
  it('passes when the output matches, with flags', () => {
    expect(evaluateRegex(sampleOf({ output: 'Order #1234 shipped' }), specOf({ kind: 'regex', pattern: '#\\d{4}\\b' })).passed).toBe(true)
    expect(evaluateRegex(sampleOf({ output: 'SHIPPED' }), specOf({ kind: 'regex', pattern: '^shipped$', flags: 'i' })).passed).toBe(true)
    expect(evaluateRegex(sampleOf({ output: 'fine' }), specOf({ kind: 'regex', pattern: 'sorry', negate: true })).passed).toBe(true)
  })

  it('fails when it does not (or, negated, when it does)', () => {
    expect(evaluateRegex(sampleOf({ output: 'no number' }), specOf({ kind: 'regex', pattern: '\\d+' }))).toMatchObject({ score: 0, passed: false })
    expect(evaluateRegex(sampleOf({ output: 'sorry' }), specOf({ kind: 'regex', pattern: 'sorry', negate: true })).passed).toBe(false)
  })

  it('matches a pattern that backtracks catastrophically elsewhere in linear time (RE2)', () => {
    const output = `${'a'.repeat(50_000)}!`
    expect(evaluateRegex(sampleOf({ output }), specOf({ kind: 'regex', pattern: '^(a+)+$' })).passed).toBe(false)
  })

  it('refuses a bad spec: too long, bad flags, or not RE2', () => {
    expect(refused({ kind: 'regex', pattern: 'a'.repeat(501) })).toBe(true)
    expect(refused({ kind: 'regex', pattern: 'a', flags: 'g' })).toBe(true)
    expect(() => checkEvaluatorSpec(specOf({ kind: 'regex', pattern: '(a)\\1' }))).toThrow(/not valid RE2/)
    expect(() => checkEvaluatorSpec(specOf({ kind: 'regex', pattern: '(?=a)' }))).toThrow(/not valid RE2/)
  })
})
