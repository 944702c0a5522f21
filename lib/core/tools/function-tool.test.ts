import { describe, expect, it } from 'vitest'
import { ToolDefinitionError } from '../errors'
import { FunctionTool, isFunctionTool } from './function-tool'

describe('FunctionTool (the contract MCP, skills and file access build on)', () => {
  it('constructs from name, description, inputSchema, approvalMode and execute', async () => {
    const seen: unknown[] = []
    const tool = new FunctionTool({
      name: 'search',
      description: 'Search',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      approvalMode: 'always_require',
      execute: async (args, options) => {
        seen.push(args, options.kwargs, options.signal)
        return 'found'
      },
    })
    expect(tool.name).toBe('search')
    expect(tool.description).toBe('Search')
    expect(tool.approvalMode).toBe('always_require')
    expect(tool.parameters()).toBe(tool.inputSchema)
    const signal = new AbortController().signal
    expect(await tool.invoke({ query: 'x' }, { signal, kwargs: { tenant: 't1' } })).toBe('found')
    expect(seen).toEqual([{ query: 'x' }, { tenant: 't1' }, signal])
    expect(isFunctionTool(tool)).toBe(true)
    expect(isFunctionTool({ name: 'x' })).toBe(false)
  })

  it('defaults description, approval mode and additional properties', () => {
    const tool = new FunctionTool({ name: 't', inputSchema: { type: 'object' }, execute: () => 1 })
    expect(tool.description).toBe('')
    expect(tool.approvalMode).toBe('never_require')
    expect(tool.additionalProperties).toEqual({})
  })

  it('validates against inputSchema by default and accepts a custom validator', () => {
    const tool = new FunctionTool({
      name: 't',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      execute: () => 1,
    })
    expect(tool.parseArguments('{"n":1}').ok).toBe(true)
    expect(tool.parseArguments('{"n":"1"}').ok).toBe(false)
    const custom = new FunctionTool<{ n: number }>({
      name: 'c',
      inputSchema: { type: 'object' },
      execute: ({ n }) => n,
      validateArguments: (args) => (typeof args.n === 'number' ? { ok: true, value: { n: args.n * 2 } } : { ok: false, problem: 'n!' }),
    })
    expect(custom.parseArguments({ n: 2 })).toEqual({ ok: true, value: { n: 4 } })
    expect(custom.parseArguments({})).toEqual({ ok: false, problem: 'n!' })
  })

  it('falls back to required/type checks for schemas zod cannot compile', () => {
    const tool = new FunctionTool({
      name: 'r',
      inputSchema: { type: 'object', properties: { a: { type: 'string' }, b: { $ref: '#/$defs/missing' } }, required: ['a'] },
      execute: () => 1,
    })
    expect(tool.parseArguments({ a: 'x', b: 1 })).toEqual({ ok: true, value: { a: 'x', b: 1 } })
    expect(tool.parseArguments({})).toEqual({ ok: false, problem: 'a: Required argument is missing' })
    expect(tool.parseArguments({ a: 3 })).toEqual({ ok: false, problem: 'a: expected string' })
  })

  it('rejects invalid definitions', () => {
    expect(() => new FunctionTool({ name: ' ', inputSchema: {}, execute: () => 1 })).toThrow(ToolDefinitionError)
    expect(() => new FunctionTool({ name: 'x', inputSchema: null as unknown as Record<string, unknown>, execute: () => 1 })).toThrow(ToolDefinitionError)
  })
})
