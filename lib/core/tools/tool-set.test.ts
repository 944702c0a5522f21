import { describe, expect, it } from 'vitest'
import { AgentConfigurationError } from '../errors'
import { FunctionTool } from './function-tool'
import { isToolProvider, type ToolProvider } from './tool-provider'
import { RunToolSet } from './tool-set'

const make = (name: string) => new FunctionTool({ name, inputSchema: { type: 'object' }, execute: () => name })

describe('isToolProvider', () => {
  it('recognises objects with a functions array, not tools or other values', () => {
    expect(isToolProvider({ functions: [] })).toBe(true)
    expect(isToolProvider({ functions: 'no' })).toBe(false)
    expect(isToolProvider(make('a'))).toBe(false)
    expect(isToolProvider(null)).toBe(false)
  })
})

describe('RunToolSet', () => {
  it('resolves tools and providers in order', () => {
    const provider: ToolProvider = { functions: [make('p1'), make('p2')] }
    const set = new RunToolSet([make('a'), provider])
    expect(set.current.map((t) => t.name)).toEqual(['a', 'p1', 'p2'])
    expect(set.lookup('p2')?.name).toBe('p2')
    expect(set.lookup('nope')).toBeUndefined()
  })

  it("re-reads a provider's list on refresh (lists change between iterations)", () => {
    const provider = { functions: [make('one')] }
    const set = new RunToolSet([provider])
    provider.functions = [make('one'), make('two')]
    expect(set.current.map((t) => t.name)).toEqual(['one'])
    set.refresh()
    expect(set.current.map((t) => t.name)).toEqual(['one', 'two'])
  })

  it('applies addTools / removeTools only at the next refresh', () => {
    const a = make('a')
    const set = new RunToolSet([a, { functions: [make('p')] }])
    set.addTools(make('b'))
    set.removeTools('a', 'p')
    expect(set.current.map((t) => t.name)).toEqual(['a', 'p'])
    set.refresh()
    expect(set.current.map((t) => t.name)).toEqual(['b'])
    set.addTools(a)
    set.refresh()
    expect(set.current.map((t) => t.name)).toEqual(['b', 'a'])
  })

  it('ignores the same tool offered twice but rejects two tools with one name', () => {
    const a = make('a')
    expect(new RunToolSet([a, a, { functions: [a] }]).current).toHaveLength(1)
    expect(() => new RunToolSet([a, make('a')])).toThrow(AgentConfigurationError)
  })

  it('rejects things that are neither tools nor providers', () => {
    expect(() => new RunToolSet([{ name: 'x' } as unknown as FunctionTool])).toThrow(AgentConfigurationError)
  })
})
