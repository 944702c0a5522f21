import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { qualifiesForStrictMode } from './strict-mode'

function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>
  return rest
}

describe('qualifiesForStrictMode', () => {
  it('accepts closed objects whose properties are all required, nested included', () => {
    const schema = z.object({
      city: z.string(),
      temperature: z.number().min(-90),
      tags: z.array(z.object({ label: z.enum(['a', 'b']) })),
      note: z.string().nullable(),
    })
    expect(qualifiesForStrictMode(jsonSchemaOf(schema))).toBe(true)
  })

  it('refuses optional properties, open objects and a non-object root', () => {
    expect(qualifiesForStrictMode(jsonSchemaOf(z.object({ city: z.string().optional() })))).toBe(false)
    expect(qualifiesForStrictMode({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })).toBe(false)
    expect(qualifiesForStrictMode(jsonSchemaOf(z.object({ inner: z.looseObject({ a: z.string() }) })))).toBe(false)
    expect(qualifiesForStrictMode(jsonSchemaOf(z.array(z.string())))).toBe(false)
  })

  it('refuses keywords outside the strict subset', () => {
    expect(qualifiesForStrictMode(jsonSchemaOf(z.object({ name: z.string().min(2) })))).toBe(false)
    const withAllOf = { type: 'object', properties: { a: { allOf: [{ type: 'string' }] } }, required: ['a'], additionalProperties: false }
    expect(qualifiesForStrictMode(withAllOf)).toBe(false)
  })
})
