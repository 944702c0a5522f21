import { describe, expect, it } from 'vitest'
import { jsonbSafe, jsonbSafeText } from './jsonb'

describe('jsonbSafe', () => {
  it('replaces NUL characters at any depth and keeps everything else', () => {
    expect(jsonbSafe({ a: 'x\u0000y', b: ['\u0000'], c: { d: 1, e: 'ok \\u0000' } })).toEqual({ a: 'x\uFFFDy', b: ['\uFFFD'], c: { d: 1, e: 'ok \\u0000' } })
  })
  it('replaces lone surrogate halves, which Postgres cannot store either', () => {
    expect(jsonbSafe({ cut: 'emoji \ud83d end', whole: '🧵' })).toEqual({ cut: 'emoji \uFFFD end', whole: '🧵' })
  })
  it('turns errors into plain objects and undefined into null', () => {
    expect(jsonbSafe({ error: new TypeError('bad') })).toEqual({ error: { name: 'TypeError', message: 'bad' } })
    expect(jsonbSafe(undefined)).toBeNull()
  })
  it('gives the same value as text, ready to store', () => {
    const value = { a: 'x\u0000y', cut: '\ud83d', error: new Error('e'), skipped: undefined, list: [1, 'two'] }
    expect(JSON.parse(jsonbSafeText(value))).toEqual(jsonbSafe(value))
    expect(jsonbSafeText(undefined)).toBe('null')
  })
})
