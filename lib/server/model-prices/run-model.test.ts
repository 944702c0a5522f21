import { describe, expect, it } from 'vitest'
import { agentModelSettings, resolvedModel, singleModel } from './run-model'

const agent = (model: object) => ({ kind: 'agent', data: { model } })
const graph = (...nodes: object[]) => ({ nodes: [{ kind: 'start' }, ...nodes, { kind: 'output' }] })

describe('run model', () => {
  it('resolves settings as the compiler picks a client', () => {
    expect(resolvedModel({ provider: 'demo' }, { OPENAI_API_KEY: 'k' })).toBe('demo')
    expect(resolvedModel({ provider: 'default' }, {})).toBe('demo')
    expect(resolvedModel({ provider: 'default' }, { OPENAI_API_KEY: 'k', OPENAI_MODEL: 'gpt-4.1' })).toBe('gpt-4.1')
    expect(resolvedModel({ provider: 'openai', model: 'o3' }, { OPENAI_API_KEY: 'k' })).toBe('o3')
    expect(resolvedModel({ provider: 'openai_chat' }, {})).toBe('gpt-4o-mini')
    expect(resolvedModel({ provider: 'anthropic', model: 'claude-x' }, {})).toBe('claude-x')
    expect(resolvedModel({ provider: 'anthropic' }, {})).toBeNull()
  })

  it('names the one model of a run whose agents agree, and none otherwise', () => {
    const same = agentModelSettings(graph(agent({ provider: 'demo' }), { kind: 'transform' }, agent({ provider: 'demo' })))
    expect(singleModel(same.settings, same.complete, {})).toBe('demo')
    const mixed = agentModelSettings(graph(agent({ provider: 'demo' }), agent({ provider: 'openai', model: 'o3' })))
    expect(singleModel(mixed.settings, mixed.complete, { OPENAI_API_KEY: 'k' })).toBeNull()
    const saved = agentModelSettings(graph(agent({ provider: 'demo' }), { kind: 'agent_ref' }))
    expect(singleModel(saved.settings, saved.complete, {})).toBeNull()
    expect(singleModel(agentModelSettings(null).settings, false, {})).toBeNull()
  })
})
