import { describe, expect, it } from 'vitest'
import { checkEvaluatorSpec } from './evaluate'
import { evaluateJsonSchema } from './json-schema'
import { refused, sampleOf, specOf } from './sample-fixture'

const schema = { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1 } }, required: ['sku', 'qty'] }

describe('json_schema', () => {
  it('passes on output (JSON text or a value) that satisfies the schema', () => {
    expect(evaluateJsonSchema(sampleOf({ output: '{"sku":"A1","qty":2}' }), specOf({ kind: 'json_schema', schema })).passed).toBe(true)
    expect(evaluateJsonSchema(sampleOf({ output: { sku: 'A1', qty: 1 } }), specOf({ kind: 'json_schema', schema })).passed).toBe(true)
  })

  it('fails with the problems', () => {
    const result = evaluateJsonSchema(sampleOf({ output: '{"sku":"A1","qty":0}' }), specOf({ kind: 'json_schema', schema }))
    expect(result).toMatchObject({ score: 0, passed: false })
    expect(result.reason).toContain('qty')
    expect(evaluateJsonSchema(sampleOf({ output: 'not json' }), specOf({ kind: 'json_schema', schema })).passed).toBe(false)
  })

  it('refuses a bad spec', () => {
    expect(refused({ kind: 'json_schema', schema: 'object' })).toBe(true)
    expect(() => checkEvaluatorSpec(specOf({ kind: 'json_schema', schema: { type: 'no-such-type' } }))).toThrow(/JSON Schema/)
    // Patterns would run as backtracking JavaScript regexes on every output: refused, at any depth.
    const nested = { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } } }
    expect(() => checkEvaluatorSpec(specOf({ kind: 'json_schema', schema: nested }))).toThrow(/"pattern"/)
    expect(() => checkEvaluatorSpec(specOf({ kind: 'json_schema', schema: { patternProperties: { '^x': {} } } }))).toThrow(/patternProperties/)
    expect(() => evaluateJsonSchema(sampleOf({ output: { name: 'a' } }), specOf({ kind: 'json_schema', schema: nested }))).toThrow(/"pattern"/)
  })
})
