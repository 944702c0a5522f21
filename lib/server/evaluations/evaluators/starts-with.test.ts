import { describe, expect, it } from 'vitest'
import { refused, sampleOf, specOf } from './sample-fixture'
import { evaluateStartsWith } from './starts-with'

describe('starts_with', () => {
  it('passes on the prefix, leading whitespace aside', () => {
    expect(evaluateStartsWith(sampleOf({ output: '  Demo reply: hi' }), specOf({ kind: 'starts_with', value: 'Demo reply:' })).passed).toBe(true)
    expect(evaluateStartsWith(sampleOf({ output: 'DEMO x' }), specOf({ kind: 'starts_with', value: 'demo', caseSensitive: false })).passed).toBe(true)
  })

  it('fails on another start', () => {
    expect(evaluateStartsWith(sampleOf({ output: 'Reply: Demo' }), specOf({ kind: 'starts_with', value: 'Demo' }))).toMatchObject({ score: 0, passed: false })
  })

  it('refuses a bad spec', () => {
    expect(refused({ kind: 'starts_with', value: ['a'] })).toBe(true)
  })
})
