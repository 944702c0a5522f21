import { describe, expect, it } from 'vitest'
import type { GraphDocument, GraphNode } from './document'
import { ValidationMemo } from './validation-memo'
import type { ServerFacts } from './server-facts'
import { graph } from './testing/graph-builder'
import { validateDocument } from './validate'

const facts: ServerFacts = {
  openAiConfigured: false,
  savedAgents: [],
  mcpServerIds: ['files'],
  skillIds: [],
  workflows: [{ id: 'other', name: 'Other', subWorkflowIds: [] }],
}

/** Replaces one node (a new object, as an edit makes), keeping the rest of the document's objects. */
function withNode(document: GraphDocument, id: string, change: (node: GraphNode) => GraphNode): GraphDocument {
  return { ...document, nodes: document.nodes.map((node) => (node.id === id ? change(node) : node)) }
}

describe('ValidationMemo', () => {
  it('answers exactly what a validation without it answers, through a series of edits', () => {
    const base = graph()
      .start()
      .agent('a')
      .node('t', 'transform', { expression: 'input + "!"' })
      .node('join', 'fan_in')
      .node('sub', 'sub_workflow', { workflowId: 'other' })
      .output()
      .chain('start', 'a', 'join', 'output')
      .edge('start', 't')
      .edge('t', 'join')
      .edge('start', 'sub')
      .build()
    const edits: Array<(document: GraphDocument) => GraphDocument> = [
      (d) => d,
      // Data of one node: a broken expression, then fixed.
      (d) => withNode(d, 't', (node) => ({ ...node, data: { ...node.data, expression: 'input +' } }) as GraphNode),
      (d) => withNode(d, 't', (node) => ({ ...node, data: { ...node.data, expression: 'input' } }) as GraphNode),
      // An edge into the fan-in gains a condition (its check reads its incoming edges).
      (d) => ({ ...d, edges: d.edges.map((edge) => (edge.target === 'join' && edge.source === 't' ? { ...edge, condition: 'true' } : edge)) }),
      (d) => ({ ...d, edges: d.edges.map((edge) => (edge.target === 'join' ? { ...edge, condition: undefined } : edge)) }),
      // A source of the fan-in becomes a condition, same id and data object: its check asked that node's kind.
      (d) => withNode(d, 't', (node) => ({ ...node, kind: 'condition', data: { label: '', cases: [] } }) as unknown as GraphNode),
      (d) => withNode(d, 't', (node) => ({ ...node, kind: 'transform', data: { label: '', expression: 'input' } }) as GraphNode),
      // A loop without exit, then its node renamed: the structure is the same, the loop's message names the node anew.
      (d) => ({ ...d, edges: [...d.edges, { id: 'loop', source: 'a', target: 'a' }] }),
      (d) => withNode(d, 'a', (node) => ({ ...node, data: { ...node.data, label: 'Renamed' } }) as GraphNode),
      // An agent uses an MCP server the server does not know; a node is deleted; an edge goes.
      (d) => withNode(d, 'a', (node) => ({ ...node, data: { ...node.data, mcpServerIds: ['files', 'nowhere'] } }) as GraphNode),
      (d) => ({ ...d, nodes: d.nodes.filter((node) => node.id !== 'sub'), edges: d.edges.filter((edge) => edge.target !== 'sub') }),
      (d) => ({ ...d, edges: d.edges.slice(1) }),
    ]
    const memo = new ValidationMemo()
    let document = base
    for (const [i, edit] of edits.entries()) {
      document = edit(document)
      // The facts change identity halfway (a refetch), and are missing once (still loading).
      const context = i === 4 ? undefined : { facts: i < 4 ? facts : { ...facts }, workflowId: 'wf' }
      expect(validateDocument(document, context, memo)).toEqual(validateDocument(document, context))
      // Validated again unchanged: everything comes from the memo.
      expect(validateDocument(document, context, memo)).toEqual(validateDocument(document, context))
    }
  })

  it('reuses the answer of a node whose check reads nothing that changed', () => {
    const document = graph().start().node('t', 'transform', { expression: 'input +' }).output().chain('start', 't', 'output').build()
    const memo = new ValidationMemo()
    const first = validateDocument(document, undefined, memo).find((problem) => problem.nodeId === 't')
    const moved = withNode(document, 't', (node) => ({ ...node, position: { x: 5, y: 5 } }))
    expect(validateDocument(moved, undefined, memo).find((problem) => problem.nodeId === 't')).toBe(first)
  })
})
