import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ChatClientInvalidRequestError } from '../errors'
import { normalizeResponseFormat } from './response-format'

describe('normalizeResponseFormat', () => {
  it('turns a zod schema into a named JSON schema without the $schema dialect, keeping the zod schema to validate with', () => {
    const schema = z.object({ city: z.string() }).meta({ title: 'Weather report' })
    const format = normalizeResponseFormat(schema)
    expect(format).toMatchObject({ kind: 'json_schema', name: 'Weather_report', strict: true, zodSchema: schema })
    expect(format).toHaveProperty('schema.properties.city.type', 'string')
    expect(format).not.toHaveProperty('schema.$schema')
  })

  it('accepts a plain JSON schema, named "response" when it has no title', () => {
    expect(normalizeResponseFormat({ type: 'object', properties: {} })).toEqual({
      kind: 'json_schema',
      name: 'response',
      schema: { type: 'object', properties: {} },
      strict: false,
    })
  })

  it('accepts a named format whose schema is zod or JSON Schema', () => {
    const fromZod = normalizeResponseFormat({ type: 'json_schema', name: 'city weather', schema: z.object({ city: z.string() }) })
    expect(fromZod).toMatchObject({ kind: 'json_schema', name: 'city_weather', strict: true })
    expect(fromZod).toHaveProperty('schema.required', ['city'])
    const fromJson = normalizeResponseFormat({ type: 'json_schema', name: 'n', schema: { type: 'object', title: 'Ignored' } })
    expect(fromJson).toMatchObject({ name: 'n', strict: false })
  })

  it('accepts the Chat Completions and Responses shapes, keeping strict and description', () => {
    const schema = { type: 'object', properties: { a: { type: 'number' } } }
    const expected = { kind: 'json_schema', name: 'calc', schema, strict: true, description: 'A result' }
    expect(normalizeResponseFormat({ type: 'json_schema', json_schema: { name: 'calc', schema, strict: true, description: 'A result' } })).toEqual(expected)
    expect(normalizeResponseFormat({ type: 'json_schema', name: 'calc', schema, strict: true, description: 'A result' })).toEqual(expected)
  })

  it('lets an explicit strict: false win over a schema that qualifies', () => {
    expect(normalizeResponseFormat({ type: 'json_schema', schema: z.object({ a: z.string() }), strict: false })).toMatchObject({ strict: false })
  })

  it('passes json_object and text through', () => {
    expect(normalizeResponseFormat({ type: 'json_object' })).toEqual({ kind: 'json_object' })
    expect(normalizeResponseFormat({ type: 'text' })).toEqual({ kind: 'text' })
    expect(normalizeResponseFormat(undefined)).toBeUndefined()
  })

  it('describes a zod schema with transforms by its input, what the model writes', () => {
    const format = normalizeResponseFormat(z.object({ city: z.string().transform((city) => city.trim()) }))
    expect(format).toMatchObject({ kind: 'json_schema', schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } })
  })

  it('converts a format object once, however often it is passed', () => {
    const schema = z.object({ a: z.number() })
    expect(normalizeResponseFormat(schema)).toBe(normalizeResponseFormat(schema))
  })

  it('rejects shapes it cannot express', () => {
    // @ts-expect-error a string is not a format
    expect(() => normalizeResponseFormat('json')).toThrow(ChatClientInvalidRequestError)
    expect(() => normalizeResponseFormat({ type: 'json_schema', json_schema: { name: 'x' } })).toThrow(/schema/)
    expect(() => normalizeResponseFormat(z.object({ when: z.date() }))).toThrow(/no JSON Schema form/)
  })
})
