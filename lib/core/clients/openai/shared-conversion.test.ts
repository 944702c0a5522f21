import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ChatClientInvalidRequestError } from '../../errors'
import { FunctionTool } from '../../tools/function-tool'
import { functionToolsOf, normalizeResponseFormat, normalizeToolChoice, toolParametersSchema, toUsageDetails } from './shared-conversion'

describe('normalizeResponseFormat', () => {
  it('turns a zod schema into a named JSON schema without the $schema dialect', () => {
    const format = normalizeResponseFormat(z.object({ city: z.string() }).meta({ title: 'Weather report' }))
    expect(format).toMatchObject({ kind: 'json_schema', name: 'Weather_report' })
    expect(format).toHaveProperty('schema.properties.city.type', 'string')
    expect(format).not.toHaveProperty('schema.$schema')
  })

  it('accepts a plain JSON schema', () => {
    expect(normalizeResponseFormat({ type: 'object', properties: {} })).toEqual({
      kind: 'json_schema',
      name: 'response',
      schema: { type: 'object', properties: {} },
    })
  })

  it('accepts the Chat Completions and Responses shapes, keeping strict and description', () => {
    const schema = { type: 'object', properties: { a: { type: 'number' } } }
    const expected = { kind: 'json_schema', name: 'calc', schema, strict: true, description: 'A result' }
    expect(normalizeResponseFormat({ type: 'json_schema', json_schema: { name: 'calc', schema, strict: true, description: 'A result' } })).toEqual(expected)
    expect(normalizeResponseFormat({ type: 'json_schema', name: 'calc', schema, strict: true, description: 'A result' })).toEqual(expected)
  })

  it('passes json_object and text through', () => {
    expect(normalizeResponseFormat({ type: 'json_object' })).toEqual({ kind: 'json_object' })
    expect(normalizeResponseFormat({ type: 'text' })).toEqual({ kind: 'text' })
    expect(normalizeResponseFormat(undefined)).toBeUndefined()
  })

  it('rejects shapes it cannot express', () => {
    expect(() => normalizeResponseFormat('json')).toThrow(ChatClientInvalidRequestError)
    expect(() => normalizeResponseFormat({ type: 'json_schema', json_schema: { name: 'x' } })).toThrow(/schema/)
  })
})

describe('normalizeToolChoice', () => {
  it('maps modes and a required function', () => {
    expect(normalizeToolChoice('auto')).toEqual({ kind: 'mode', mode: 'auto' })
    expect(normalizeToolChoice('none')).toEqual({ kind: 'mode', mode: 'none' })
    expect(normalizeToolChoice({ mode: 'required', requiredFunctionName: 'add' })).toEqual({ kind: 'function', name: 'add' })
    expect(normalizeToolChoice(undefined)).toBeUndefined()
  })
})

describe('function tools', () => {
  const add = new FunctionTool({
    name: 'add',
    description: 'Add',
    inputSchema: { type: 'object', properties: { a: { type: 'number' } } },
    execute: () => 1,
  })

  it('keeps only function tools from the options', () => {
    expect(functionToolsOf({ tools: [add, { nope: true } as never] })).toEqual([add])
    expect(functionToolsOf({})).toEqual([])
  })

  it('gives argument-less object schemas an empty properties object', () => {
    const ping = new FunctionTool({ name: 'ping', inputSchema: { type: 'object' }, execute: () => 'pong' })
    expect(toolParametersSchema(ping)).toEqual({ type: 'object', properties: {} })
    expect(toolParametersSchema(add)).toBe(add.inputSchema)
  })
})

describe('toUsageDetails', () => {
  it('maps counts and derives a missing total', () => {
    expect(toUsageDetails({ inputTokens: 3, outputTokens: 4 })).toEqual({
      inputTokenCount: 3,
      outputTokenCount: 4,
      totalTokenCount: 7,
    })
    expect(toUsageDetails({ inputTokens: 3, outputTokens: 4, totalTokens: 9, cachedInputTokens: 1, reasoningTokens: 2 })).toEqual({
      inputTokenCount: 3,
      outputTokenCount: 4,
      totalTokenCount: 9,
      cachedInputTokenCount: 1,
      reasoningTokenCount: 2,
    })
    expect(toUsageDetails(null)).toBeUndefined()
  })
})
