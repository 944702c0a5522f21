import { describe, expect, it } from 'vitest'
import { collectAnswers, humanize, initialFormValues, schemaToFields, type FormField } from './elicitation-schema'

const contactSchema = {
  type: 'object',
  properties: {
    fullName: { type: 'string', title: 'Full name', minLength: 2, maxLength: 40 },
    email: { type: 'string', format: 'email', description: 'Where to send it' },
    age: { type: 'integer', minimum: 18, maximum: 120 },
    budget: { type: 'number', default: 2.5 },
    subscribe: { type: 'boolean', default: true },
    plan: { type: 'string', enum: ['basic', 'pro'], enumNames: ['Basic', 'Professional'] },
    tone: {
      type: 'string',
      oneOf: [
        { const: 'calm', title: 'Calm' },
        { const: 'bold', title: 'Bold' },
      ],
      default: 'calm',
    },
    topics: { type: 'array', items: { type: 'string', enum: ['ai', 'mcp', 'ui'] }, maxItems: 2 },
    nested: { type: 'object', properties: {} },
  },
  required: ['fullName', 'email', 'plan'],
}

describe('schemaToFields', () => {
  const fields = schemaToFields(contactSchema)
  const byName = Object.fromEntries(fields.map((field) => [field.name, field])) as Record<string, FormField>

  it('maps each property to a field of the right kind, in order', () => {
    expect(fields.map((field) => [field.name, field.kind])).toEqual([
      ['fullName', 'text'],
      ['email', 'text'],
      ['age', 'number'],
      ['budget', 'number'],
      ['subscribe', 'boolean'],
      ['plan', 'select'],
      ['tone', 'select'],
      ['topics', 'multiselect'],
      ['nested', 'unsupported'],
    ])
  })

  it('keeps titles, descriptions, required flags and constraints', () => {
    expect(byName.fullName).toMatchObject({ label: 'Full name', required: true, minLength: 2, maxLength: 40 })
    expect(byName.email).toMatchObject({ label: 'Email', description: 'Where to send it', format: 'email', required: true })
    expect(byName.age).toMatchObject({ label: 'Age', integer: true, minimum: 18, maximum: 120, required: false })
    expect(byName.plan).toMatchObject({
      options: [
        { value: 'basic', label: 'Basic' },
        { value: 'pro', label: 'Professional' },
      ],
    })
    expect(byName.tone).toMatchObject({
      options: [
        { value: 'calm', label: 'Calm' },
        { value: 'bold', label: 'Bold' },
      ],
      defaultValue: 'calm',
    })
    expect(byName.topics).toMatchObject({ maxItems: 2, options: [{ value: 'ai' }, { value: 'mcp' }, { value: 'ui' }] })
  })

  it('returns no fields for schemas without properties', () => {
    expect(schemaToFields(null)).toEqual([])
    expect(schemaToFields({ type: 'object' })).toEqual([])
    expect(schemaToFields('nonsense')).toEqual([])
  })

  it('starts the form from the defaults', () => {
    expect(initialFormValues(fields)).toEqual({
      fullName: '',
      email: '',
      age: '',
      budget: '2.5',
      subscribe: true,
      plan: '',
      tone: 'calm',
      topics: [],
      nested: '',
    })
  })
})

describe('collectAnswers', () => {
  const fields = schemaToFields(contactSchema)

  it('builds typed content and leaves empty optional fields out', () => {
    const values = { ...initialFormValues(fields), fullName: 'Ada Lovelace', email: 'ada@example.org', plan: 'pro', age: ' 36 ', topics: ['mcp', 'bogus'] }
    expect(collectAnswers(fields, values)).toEqual({
      ok: true,
      content: { fullName: 'Ada Lovelace', email: 'ada@example.org', age: 36, budget: 2.5, subscribe: true, plan: 'pro', tone: 'calm', topics: ['mcp'] },
    })
  })

  it('reports every problem by field', () => {
    const values = { ...initialFormValues(fields), fullName: 'A', email: 'not-an-email', age: '12.5', topics: ['ai', 'mcp', 'ui'] }
    expect(collectAnswers(fields, values)).toEqual({
      ok: false,
      errors: {
        fullName: 'At least 2 characters.',
        email: 'Enter an email address.',
        age: 'Enter a whole number.',
        plan: 'Choose an option.',
        topics: 'Choose at most 2.',
      },
    })
  })

  it('checks numeric bounds, formats and unknown options', () => {
    const fieldsOf = (schema: object) => schemaToFields({ type: 'object', properties: { x: schema }, required: ['x'] })
    expect(collectAnswers(fieldsOf({ type: 'number', minimum: 1 }), { x: '0' })).toEqual({ ok: false, errors: { x: 'At least 1.' } })
    expect(collectAnswers(fieldsOf({ type: 'number', maximum: 1 }), { x: 'abc' })).toEqual({ ok: false, errors: { x: 'Enter a number.' } })
    expect(collectAnswers(fieldsOf({ type: 'string', format: 'uri' }), { x: 'example' })).toMatchObject({ ok: false })
    expect(collectAnswers(fieldsOf({ type: 'string', format: 'uri' }), { x: 'https://example.org' })).toEqual({
      ok: true,
      content: { x: 'https://example.org' },
    })
    expect(collectAnswers(fieldsOf({ type: 'string', format: 'date' }), { x: '2026-02-30x' })).toMatchObject({ ok: false })
    expect(collectAnswers(fieldsOf({ type: 'string', enum: ['a'] }), { x: 'b' })).toEqual({
      ok: false,
      errors: { x: 'Choose one of the options.' },
    })
    expect(collectAnswers(fieldsOf({ type: 'object' }), { x: '' })).toMatchObject({ ok: false })
  })

  it('answers false for an unticked boolean', () => {
    const fields = schemaToFields({ type: 'object', properties: { ok: { type: 'boolean' } } })
    expect(collectAnswers(fields, initialFormValues(fields))).toEqual({ ok: true, content: { ok: false } })
  })
})

describe('humanize', () => {
  it('turns property names into labels', () => {
    expect(humanize('firstName')).toBe('First name')
    expect(humanize('max_tokens')).toBe('Max tokens')
    expect(humanize('x')).toBe('X')
  })
})
