import { describe, expect, it } from 'vitest'
import { FunctionTool } from '../../tools/function-tool'
import { functionToolsOf, normalizeToolChoice, toolParametersSchema, toUsageDetails } from './shared-conversion'

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
