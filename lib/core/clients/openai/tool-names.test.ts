import { describe, expect, it } from 'vitest'
import { ToolNameMap, toWireToolName } from './tool-names'

describe('toWireToolName', () => {
  it('keeps valid names and replaces characters OpenAI rejects', () => {
    expect(toWireToolName('get_weather-2')).toBe('get_weather-2')
    expect(toWireToolName('files.search')).toBe('files_search')
    expect(toWireToolName('a b/c')).toBe('a_b_c')
  })

  it('caps names at 64 characters and never returns an empty name', () => {
    expect(toWireToolName('x'.repeat(80))).toHaveLength(64)
    expect(toWireToolName('')).toBe('_')
  })
})

describe('ToolNameMap', () => {
  it('maps wire names back to local names', () => {
    const names = new ToolNameMap(['files.search', 'add'])
    expect(names.toWire('files.search')).toBe('files_search')
    expect(names.toLocal('files_search')).toBe('files.search')
    expect(names.toLocal('add')).toBe('add')
  })

  it('keeps names apart that clean to the same spelling', () => {
    const names = new ToolNameMap(['a_b', 'a.b'])
    expect(names.toWire('a_b')).toBe('a_b')
    expect(names.toWire('a.b')).toBe('a_b_2')
    expect(names.toLocal('a_b_2')).toBe('a.b')
  })

  it('returns unknown wire names unchanged', () => {
    expect(new ToolNameMap().toLocal('mystery')).toBe('mystery')
  })
})
