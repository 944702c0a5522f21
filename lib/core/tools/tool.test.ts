import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { ToolDefinitionError } from '../errors'
import { FunctionTool } from './function-tool'
import { tool } from './tool'

describe('tool() with a zod schema', () => {
  const add = tool({
    name: 'add',
    description: 'Add two numbers',
    parameters: z.object({ a: z.number().describe('first'), b: z.number(), round: z.boolean().default(false) }),
    execute: async ({ a, b, round }) => (round ? Math.round(a + b) : a + b),
  })

  it('builds a FunctionTool with a JSON Schema of the input side', () => {
    expect(add).toBeInstanceOf(FunctionTool)
    expect(add.name).toBe('add')
    expect(add.description).toBe('Add two numbers')
    expect(add.approvalMode).toBe('never_require')
    expect(add.parameters()).toEqual({
      type: 'object',
      properties: {
        a: { type: 'number', description: 'first' },
        b: { type: 'number' },
        round: { type: 'boolean', default: false },
      },
      required: ['a', 'b'],
    })
    expect(add.parameters()).not.toHaveProperty('$schema')
  })

  it('types execute from the schema', () => {
    expectTypeOf(add.invoke).parameter(0).toEqualTypeOf<{ a: number; b: number; round: boolean }>()
  })

  it('parses arguments with the schema (defaults applied) from JSON text or objects', () => {
    expect(add.parseArguments('{"a":1,"b":2}')).toEqual({ ok: true, value: { a: 1, b: 2, round: false } })
    expect(add.parseArguments({ a: 1.4, b: 2, round: true })).toEqual({ ok: true, value: { a: 1.4, b: 2, round: true } })
  })

  it('names each schema violation', () => {
    const result = add.parseArguments('{"a":"one"}')
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.problem).toContain('a: Invalid input: expected number, received string')
      expect(result.problem).toContain('b: Invalid input: expected number, received undefined')
    }
  })

  it('reports malformed JSON and non-object arguments', () => {
    const bad = add.parseArguments('{"a":1,')
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.problem).toMatch(/^Arguments are not valid JSON: /)
    const array = add.parseArguments('[1,2]')
    expect(array).toEqual({ ok: false, problem: 'Arguments must be a JSON object, got an array.' })
  })

  it('invokes execute with the parsed arguments', async () => {
    expect(await add.invoke({ a: 1.2, b: 2, round: true })).toBe(3)
  })

  it('keeps the approval mode', () => {
    const risky = tool({ name: 'rm', parameters: z.object({}), execute: () => 'ok', approvalMode: 'always_require' })
    expect(risky.approvalMode).toBe('always_require')
  })

  it('rejects a non-object zod schema', () => {
    expect(() => tool({ name: 'x', parameters: z.string(), execute: () => 1 })).toThrow(ToolDefinitionError)
  })
})

describe('tool() with a JSON Schema', () => {
  const greet = tool({
    name: 'greet',
    parameters: {
      type: 'object',
      properties: { name: { type: 'string' }, times: { type: 'integer', minimum: 1 } },
      required: ['name'],
    },
    execute: ({ name, times }) => `hi ${String(name)} x${String(times ?? 1)}`,
  })

  it('sends the schema as it is', () => {
    expect(greet.parameters()).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, times: { type: 'integer', minimum: 1 } },
      required: ['name'],
    })
  })

  it('validates arguments against it and passes the model arguments through unchanged', () => {
    expect(greet.parseArguments('{"name":"Ada","extra":true}')).toEqual({ ok: true, value: { name: 'Ada', extra: true } })
    const missing = greet.parseArguments('{}')
    expect(missing.ok).toBe(false)
    if (!missing.ok) expect(missing.problem).toContain('name')
    const tooSmall = greet.parseArguments({ name: 'Ada', times: 0 })
    expect(tooSmall.ok).toBe(false)
    if (!tooSmall.ok) expect(tooSmall.problem).toContain('times')
  })

  it('defaults to an empty object schema and fills in a missing type', () => {
    expect(tool({ name: 'now', execute: () => 1 }).parameters()).toEqual({ type: 'object', properties: {} })
    expect(tool({ name: 'p', parameters: { properties: { a: { type: 'string' } } }, execute: () => 1 }).parameters()).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    })
  })

  it('treats empty argument text as no arguments', () => {
    expect(tool({ name: 'now', execute: () => 1 }).parseArguments('')).toEqual({ ok: true, value: {} })
  })

  it("leaves a schema's patterns to the tool (they would backtrack here) and checks the rest, an argument named pattern too", () => {
    const search = tool({
      name: 'search',
      parameters: {
        type: 'object',
        properties: {
          pattern: { type: 'string', pattern: '^(a+)+$' },
          tags: { type: 'object', patternProperties: { '^(x+)+$': { type: 'number' } } },
        },
        required: ['pattern'],
      },
      execute: () => 1,
    })
    // A value the pattern refuses (after exponential backtracking in JavaScript's engine) reaches the tool unchecked.
    const hostile = `${'a'.repeat(40)}!`
    expect(search.parseArguments({ pattern: hostile, tags: { [`${'x'.repeat(40)}!`]: 'text' } })).toEqual({
      ok: true,
      value: { pattern: hostile, tags: { [`${'x'.repeat(40)}!`]: 'text' } },
    })
    const wrongType = search.parseArguments({ pattern: 3 })
    expect(wrongType.ok).toBe(false)
    if (!wrongType.ok) expect(wrongType.problem).toContain('pattern')
    expect(search.parameters()).toMatchObject({ properties: { pattern: { pattern: '^(a+)+$' } } })
  })
})

describe('tool() definition errors', () => {
  const cases: Array<[string, unknown]> = [
    ['empty name', { name: '', execute: () => 1 }],
    ['name with spaces', { name: 'my tool', execute: () => 1 }],
    ['non-object schema', { name: 'x', parameters: { type: 'string' }, execute: () => 1 }],
    ['array schema', { name: 'x', parameters: [], execute: () => 1 }],
    ['missing execute', { name: 'x' }],
    ['unknown approval mode', { name: 'x', execute: () => 1, approvalMode: 'sometimes' }],
  ]
  it.each(cases)('rejects %s', (_label, definition) => {
    expect(() => tool(definition as Parameters<typeof tool>[0])).toThrow(ToolDefinitionError)
  })
})
