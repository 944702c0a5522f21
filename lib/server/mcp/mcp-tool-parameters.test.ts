import { describe, expect, it } from 'vitest'
import { describeSchemaType, describeToolParameters, summariseListedTool } from './mcp-tool-parameters'

describe('describeToolParameters', () => {
  it('lists each property with a readable type, whether it is required and its description', () => {
    const schema = {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to look for.' },
        limit: { type: ['integer', 'null'] },
        tags: { type: 'array', items: { type: 'string' } },
        mode: { enum: ['fast', 'thorough'] },
        target: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        anything: {},
      },
      required: ['query', 'mode'],
    }
    expect(describeToolParameters(schema)).toEqual([
      { name: 'query', type: 'string', required: true, description: 'What to look for.' },
      { name: 'limit', type: 'integer | null', required: false, description: '' },
      { name: 'tags', type: 'string[]', required: false, description: '' },
      { name: 'mode', type: '"fast" | "thorough"', required: true, description: '' },
      { name: 'target', type: 'string | number', required: false, description: '' },
      { name: 'anything', type: 'any', required: false, description: '' },
    ])
  })

  it('reads whatever a server sends without failing', () => {
    expect(describeToolParameters(undefined)).toEqual([])
    expect(describeToolParameters({ properties: [1, 2] })).toEqual([])
    expect(describeToolParameters({ properties: { x: 'not a schema' }, required: 'x' })).toEqual([{ name: 'x', type: 'any', required: false, description: '' }])
    const deep = { type: 'array', items: { type: 'array', items: { type: 'array', items: { type: 'array', items: { type: 'array', items: {} } } } } }
    expect(describeSchemaType(deep)).toBe('any[][][][]')
  })

  it('says whether a tool runs as a task', () => {
    expect(summariseListedTool({ name: 't', inputSchema: {}, execution: { taskSupport: 'required' } }).taskSupport).toBe('required')
    expect(summariseListedTool({ name: 't', inputSchema: {}, execution: { taskSupport: 'sometimes' } }).taskSupport).toBe('forbidden')
    expect(summariseListedTool({ name: 't', description: 'd', inputSchema: {} })).toEqual({
      name: 't',
      description: 'd',
      parameters: [],
      taskSupport: 'forbidden',
    })
  })
})
