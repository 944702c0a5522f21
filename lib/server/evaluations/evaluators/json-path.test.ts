import { describe, expect, it } from 'vitest'
import { checkEvaluatorSpec } from './evaluate'
import { evaluateJsonPathEquals, parseJsonPath } from './json-path'
import { refused, sampleOf, specOf } from './sample-fixture'

describe('json_path_equals', () => {
  it('reads .key, ["key"] and [index] steps', () => {
    expect(parseJsonPath('$.order["line items"][2].sku')).toEqual(['order', 'line items', 2, 'sku'])
    expect(parseJsonPath('$')).toEqual([])
  })

  it('passes when the value at the path equals the value, or the expected answer at the same path', () => {
    const output = '{"order":{"items":[{"sku":"A1","tags":["x"]}]}}'
    expect(evaluateJsonPathEquals(sampleOf({ output }), specOf({ kind: 'json_path_equals', path: '$.order.items[0].sku', value: 'A1' })).passed).toBe(true)
    expect(evaluateJsonPathEquals(sampleOf({ output }), specOf({ kind: 'json_path_equals', path: '$.order.items[0].tags', value: ['x'] })).passed).toBe(true)
    const expected = { order: { items: [{ sku: 'A1' }] } }
    expect(evaluateJsonPathEquals(sampleOf({ output, expected }), specOf({ kind: 'json_path_equals', path: '$.order.items[0].sku' })).passed).toBe(true)
  })

  it('fails on another value or a missing path', () => {
    const output = { a: { b: 1 } }
    expect(evaluateJsonPathEquals(sampleOf({ output }), specOf({ kind: 'json_path_equals', path: '$.a.b', value: 2 }))).toMatchObject({
      passed: false,
      score: 0,
    })
    expect(evaluateJsonPathEquals(sampleOf({ output }), specOf({ kind: 'json_path_equals', path: '$.a.c', value: 1 })).reason).toContain('nothing at')
    expect(evaluateJsonPathEquals(sampleOf({ output: { __proto__: 1 } }), specOf({ kind: 'json_path_equals', path: '$.constructor', value: 1 })).passed).toBe(
      false,
    )
  })

  it('refuses a bad spec', () => {
    expect(refused({ kind: 'json_path_equals', path: 'a.b' })).toBe(true)
    expect(() => checkEvaluatorSpec(specOf({ kind: 'json_path_equals', path: '$..a[?(@.x)]' }))).toThrow(/cannot be read/)
  })
})
