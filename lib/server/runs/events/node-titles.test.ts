import { describe, expect, it } from 'vitest'
import { nodeTitles } from './node-titles'

describe('nodeTitles', () => {
  const titleOf = nodeTitles({
    nodes: [
      { id: 'human-1', kind: 'human_input', position: { x: 0, y: 0 }, data: { label: 'Editor sign-off', prompt: '' } },
      { id: 'agent-1', kind: 'agent', position: { x: 0, y: 0 }, data: { name: 'Researcher' } },
      { id: 'agent-2', kind: 'agent', position: { x: 0, y: 0 }, data: { label: '  ', name: '' } },
    ] as never,
  })

  it('names a step by its label, else its agent name, else its id', () => {
    expect(titleOf('human-1')).toBe('Editor sign-off')
    expect(titleOf('agent-1')).toBe('Researcher')
    expect(titleOf('agent-2')).toBe('agent-2')
  })

  it('keeps an id that is no node as it is', () => {
    expect(titleOf('team/editor')).toBe('team/editor')
  })
})
