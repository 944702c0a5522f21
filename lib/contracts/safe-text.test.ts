import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { NUL_MESSAGE, PG_INT_MAX, SURROGATE_MESSAGE, findUnsafeJsonString, pgInt, pgIntParam, safeJson, safeText, unsafeTextProblem } from './safe-text'

describe('unsafeTextProblem', () => {
  it.each([
    ['plain', undefined],
    ['emoji 😀 and accents é', undefined],
    ['', undefined],
    ['a\u0000b', NUL_MESSAGE],
    ['\ud83d', SURROGATE_MESSAGE],
    ['trailing high \ud83d', SURROGATE_MESSAGE],
    ['\ude00 leading low', SURROGATE_MESSAGE],
    ['reversed \ude00\ud83d', SURROGATE_MESSAGE],
    ['\ud83d\ud83d\ude00', SURROGATE_MESSAGE],
  ])('%j → %s', (value, problem) => {
    expect(unsafeTextProblem(value)).toBe(problem)
  })
})

describe('safeText', () => {
  it('chains like z.string() and reports the field', () => {
    const schema = z.object({ name: safeText().trim().min(1).max(5) })
    expect(schema.parse({ name: ' ok ' })).toEqual({ name: 'ok' })
    const result = schema.safeParse({ name: 'a\u0000' })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['name'], message: NUL_MESSAGE })])
    expect(schema.safeParse({ name: 'x\ud83d' }).error?.issues[0].message).toBe(SURROGATE_MESSAGE)
  })
})

describe('safeJson', () => {
  const schema = z.object({ content: safeJson(z.record(z.string(), z.unknown())).optional() })

  it('accepts storable JSON of any shape', () => {
    const content = { text: 'fine 😀', n: 1, nested: [{ a: null, b: true, c: ['x'] }] }
    expect(schema.parse({ content })).toEqual({ content })
    expect(schema.parse({})).toEqual({})
  })

  it('finds a bad string anywhere, with its path, and a bad key at its object', () => {
    expect(schema.safeParse({ content: { form: [{ value: 'a\u0000' }] } }).error?.issues).toEqual([
      expect.objectContaining({ path: ['content', 'form', 0, 'value'], message: NUL_MESSAGE }),
    ])
    expect(schema.safeParse({ content: { nested: { 'key\ud83d': 1 } } }).error?.issues).toEqual([
      expect.objectContaining({ path: ['content', 'nested'], message: `A key ${SURROGATE_MESSAGE}` }),
    ])
  })

  it('walks deeply nested values without recursion', () => {
    let deep: unknown = 'bottom\u0000'
    for (let i = 0; i < 100_000; i += 1) deep = [deep]
    expect(findUnsafeJsonString(deep)?.message).toBe(NUL_MESSAGE)
  })
})

describe('pgInt', () => {
  it('is a positive int4', () => {
    expect(pgInt.parse(1)).toBe(1)
    expect(pgInt.parse(PG_INT_MAX)).toBe(PG_INT_MAX)
    for (const bad of [0, -1, 1.5, PG_INT_MAX + 1, 2 ** 40, Number.NaN]) expect(pgInt.safeParse(bad).success).toBe(false)
    expect(pgIntParam.parse('42')).toBe(42)
    for (const bad of ['0', '1099511627776', 'abc', '2147483648']) expect(pgIntParam.safeParse(bad).success).toBe(false)
  })
})
