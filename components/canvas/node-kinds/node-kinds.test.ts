import { describe, expect, it } from 'vitest'
import { NODE_DATA_SCHEMAS, NODE_KINDS } from '@/lib/graph/node-data'
import { getAt } from '../inspector-fields'
import { NODE_REGISTRY, paletteGroups, type NodeRegistry } from '.'

describe('node registry', () => {
  it('has exactly one definition per lib/graph node kind', () => {
    expect(Object.keys(NODE_REGISTRY).sort()).toEqual([...NODE_KINDS].sort())
    for (const kind of NODE_KINDS) expect(NODE_REGISTRY[kind].kind).toBe(kind)
  })

  it('refuses, at compile time, a registry that misses a kind', () => {
    const { handoff: _handoff, ...withoutHandoff } = NODE_REGISTRY
    // @ts-expect-error a kind without its UI entry
    void (withoutHandoff satisfies NodeRegistry)
    expect(Object.keys(withoutHandoff)).not.toContain('handoff')
  })

  it.each(NODE_KINDS)('%s: default data is valid for its lib/graph schema', (kind) => {
    const definition = NODE_REGISTRY[kind]
    const data = definition.defaultData()
    expect(NODE_DATA_SCHEMAS[kind].safeParse(data).success).toBe(true)
    expect(definition.schema).toBe(NODE_DATA_SCHEMAS[kind])
  })

  it.each(NODE_KINDS)('%s: has a label, description, icon, title, summary and handles', (kind) => {
    const definition = NODE_REGISTRY[kind]
    const data = definition.defaultData() as never
    expect(definition.label).not.toBe('')
    expect(definition.description.length).toBeGreaterThan(10)
    expect(definition.icon).toMatch(/^M/)
    expect(definition.title(data)).not.toBe('')
    expect(definition.summary(data).length).toBeGreaterThan(0)
    expect(definition.inputs(data).length).toBe(kind === 'start' ? 0 : 1)
    expect(definition.outputs(data).length).toBe(kind === 'output' ? 0 : kind === 'condition' ? 2 : 1)
  })

  it.each(NODE_KINDS)('%s: inspector fields have unique ids and point into the default data shape', (kind) => {
    const definition = NODE_REGISTRY[kind]
    const ids = definition.fields.map((field) => field.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.length).toBeGreaterThan(0)
    const data = definition.defaultData()
    for (const field of definition.fields) {
      // Optional values may be absent, but the parent object of each path must exist.
      const parent = getAt(data, field.path.slice(0, -1))
      expect(parent === undefined && field.path.length > 1 && field.type !== 'agent_settings', `${kind}.${field.id}`).toBe(false)
    }
  })

  it('agent fields cover every agent setting the brief asks for', () => {
    expect(NODE_REGISTRY.agent.fields.map((field) => field.id)).toEqual([
      'name',
      'instructions',
      'provider',
      'credentialId',
      'model',
      'baseUrl',
      'temperature',
      'maxTokens',
      'reasoningEffort',
      'mcpServerIds',
      'mcpTools',
      'functionTools',
      'skillIds',
      'toolApprovalMode',
      'toolApprovals',
      'replyMode',
      'replyName',
      'replyFields',
      'replySchema',
      'fileAccess',
      'fileFolder',
      'fileWrites',
      'historyMessages',
      'historyTokens',
      'keepOnService',
    ])
  })

  it('condition outputs one handle per case plus default', () => {
    const outputs = NODE_REGISTRY.condition.outputs({
      cases: [
        { id: 'a', expression: 'true' },
        { id: 'b', expression: 'false', label: 'B' },
      ],
    })
    expect(outputs.map((handle) => handle.id)).toEqual(['a', 'b', 'default'])
    expect(outputs.map((handle) => handle.label)).toEqual(['Case 1', 'B', 'Default'])
  })

  it('palette groups list every kind once', () => {
    expect(
      paletteGroups()
        .flatMap((group) => group.kinds)
        .sort(),
    ).toEqual([...NODE_KINDS].sort())
  })
})
