import { describe, expect, it } from 'vitest'
import { DemoChatClient } from '@/lib/core'
import { NODE_COMPILERS, type NodeCompiler } from '../compile/node-compilers'
import { compile } from '../compile/compile'
import type { CompileRegistry } from '../compile/registry'
import { CURRENT_SCHEMA_VERSION, type GraphDocument, type GraphNode } from '../document'
import { GraphCompileError } from '../errors'
import { sourceHandles } from '../handles'
import type { ProblemCode } from '../problems'
import { literal } from '../typescript-literal'
import { validateDocument } from '../validate'
import { NODE_KINDS, type NodeKind, type NodeKindDefinition } from './definition'
import { NODE_KIND_DEFINITIONS } from './index'

/** What each kind's defaults lack before a run (a Record, so a new kind must say). */
const DEFAULT_PROBLEMS: Record<NodeKind, ProblemCode[]> = {
  start: [],
  agent: ['missing_name', 'missing_instructions'],
  agent_ref: ['missing_agent'],
  condition: [],
  fan_out: ['fan_out_targets'],
  fan_in: ['fan_in_sources'],
  transform: [],
  human_input: ['missing_prompt'],
  output: [],
  sub_workflow: ['missing_sub_workflow'],
  sequential: ['missing_participants'],
  concurrent: ['missing_participants'],
  group_chat: ['missing_participants'],
  magentic: ['missing_participants'],
  handoff: ['missing_participants'],
}

const registry: CompileRegistry = {
  chatClient: () => new DemoChatClient(),
  mcpServer: (id) => {
    throw new Error(`no MCP server ${id}`)
  },
  functionTool: () => undefined,
}

/** start → the node with its defaults → output (the node alone in place of start or output for those kinds). */
function documentWith(kind: NodeKind): GraphDocument {
  const node = { id: 'node', kind, position: { x: 0, y: 0 }, data: NODE_KIND_DEFINITIONS[kind].dataSchema.parse({}) } as GraphNode
  const start = { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: { inputDescription: '' } } as GraphNode
  const output = { id: 'output', kind: 'output', position: { x: 0, y: 0 }, data: {} } as GraphNode
  const nodes = kind === 'start' ? [node, output] : kind === 'output' ? [start, node] : [start, node, output]
  const edges = nodes.slice(1).map((target, index) => {
    const source = nodes[index]!
    const handle = sourceHandles(source)[0]?.id
    return { id: `e${index}`, source: source.id, target: target.id, ...(handle ? { sourceHandle: handle } : {}) }
  })
  return { schemaVersion: CURRENT_SCHEMA_VERSION, nodes, edges }
}

describe('node kind definitions', () => {
  it('has one definition and one compiler per kind, under its own key', () => {
    expect(Object.keys(NODE_KIND_DEFINITIONS).sort()).toEqual([...NODE_KINDS].sort())
    expect(Object.keys(NODE_COMPILERS).sort()).toEqual([...NODE_KINDS].sort())
    for (const kind of NODE_KINDS) expect(NODE_KIND_DEFINITIONS[kind].kind).toBe(kind)
  })

  it.each(NODE_KINDS)('%s: its defaults survive a save and reload, and validate and compile agree on them', (kind) => {
    const definition = NODE_KIND_DEFINITIONS[kind]
    const defaults = definition.dataSchema.parse({})
    expect(definition.dataSchema.parse(JSON.parse(JSON.stringify(defaults)))).toEqual(defaults)

    const document = documentWith(kind)
    const problems = validateDocument(document)
    expect(problems.map((problem) => problem.code)).toEqual(DEFAULT_PROBLEMS[kind])
    const errors = problems.filter((problem) => problem.severity === 'error')
    if (errors.length === 0) {
      expect(compile(document, registry).name).toBeDefined()
    } else {
      const refused = (() => {
        try {
          compile(document, registry)
        } catch (error) {
          return error
        }
      })()
      expect(refused).toBeInstanceOf(GraphCompileError)
      expect((refused as GraphCompileError).problems).toEqual(problems)
    }

    const exported = definition.exportTypeScript(literal('node'), defaults as never)
    expect('expression' in exported ? exported.expression : exported.appOnly).not.toBe('')
  })

  it('refuses, at compile time, a record that misses a kind or a part', () => {
    const { handoff: _handoff, ...withoutHandoff } = NODE_KIND_DEFINITIONS
    // @ts-expect-error a kind without a definition
    void (withoutHandoff satisfies { [K in NodeKind]: NodeKindDefinition<K> })
    const { validate: _validate, ...transformWithoutValidate } = NODE_KIND_DEFINITIONS.transform
    // @ts-expect-error a definition without its validation
    void ({ ...NODE_KIND_DEFINITIONS, transform: transformWithoutValidate } satisfies { [K in NodeKind]: NodeKindDefinition<K> })
    const { magentic: _magentic, ...compilersWithoutMagentic } = NODE_COMPILERS
    // @ts-expect-error a kind without a compiler
    void (compilersWithoutMagentic satisfies { [K in NodeKind]: NodeCompiler<K> })
    expect(Object.keys(withoutHandoff)).not.toContain('handoff')
  })
})

describe('the start node', () => {
  it('names what is wrong with its input fields, on the node', () => {
    const document = documentWith('start')
    const start = document.nodes[0]!
    start.data = { ...start.data, inputFields: [{ name: 'a-b', type: 'string', required: true, description: '', options: [] }] }
    expect(validateDocument(document)).toEqual([
      expect.objectContaining({ severity: 'error', code: 'invalid_input_fields', nodeId: 'node', message: expect.stringContaining('"a-b"') }),
    ])
  })

  it('is exported with its input fields', () => {
    const fields = [{ name: 'topic', type: 'string' as const, required: true, description: '', options: [] }]
    expect(NODE_KIND_DEFINITIONS.start.exportTypeScript('"s"', { inputDescription: '', inputFields: fields })).toEqual({
      expression: `startNode("s", ${literal(fields)})`,
    })
    expect(NODE_KIND_DEFINITIONS.start.exportTypeScript('"s"', { inputDescription: '' })).toEqual({ expression: 'startNode("s")' })
  })
})
