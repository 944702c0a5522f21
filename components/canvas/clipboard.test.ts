import { describe, expect, it } from 'vitest'
import allKinds from '@/lib/graph/__fixtures__/valid/v1-all-kinds.json'
import { parseGraphDocument } from '@/lib/graph/migrate'
import { validateDocument } from '@/lib/graph/validate'
import type { GraphDocument } from '@/lib/graph/document'
import { exampleWorkflowDocument } from '@/lib/graph/example-workflow'
import { copyFragment, parseClipboardText, prepareFragmentForPaste, serializeFragment, type GraphFragment } from './clipboard'
import { createCanvasStore } from './store'

const document = (): GraphDocument => {
  const parsed = parseGraphDocument(allKinds)
  if (!parsed.ok) throw new Error('fixture does not parse')
  return parsed.document
}
const target = (doc: GraphDocument) => ({
  nodes: doc.nodes.map((node) => ({ id: node.id, kind: node.kind })),
  edgeIds: doc.edges.map((edge) => edge.id),
  singletonKinds: new Set(['start'] as const),
})

describe('copying', () => {
  it('takes the chosen nodes and only the edges between them', () => {
    const fragment = copyFragment(document(), new Set(['route', 'split', 'ask']))
    expect(fragment.nodes.map((node) => node.id)).toEqual(['route', 'split', 'ask'])
    expect(fragment.edges.map((edge) => edge.id)).toEqual(['route->split:urgent', 'route->ask:long'])
  })

  it('round-trips through the clipboard text, with its version', () => {
    const fragment = copyFragment(document(), new Set(['desk', 'chat']))
    const text = serializeFragment(fragment)
    expect(JSON.parse(text)).toMatchObject({ agentloom: 'nodes', version: 1 })
    expect(parseClipboardText(text)).toEqual({ ok: true, fragment })
  })
})

describe('reading clipboard text', () => {
  it('ignores text that is not an Agentloom clipboard', () => {
    expect(parseClipboardText('hello')).toEqual({ ok: false, reason: 'not_ours' })
    expect(parseClipboardText('{"nodes": []}')).toEqual({ ok: false, reason: 'not_ours' })
  })

  it('says what is wrong with a broken or newer clipboard', () => {
    const broken = parseClipboardText(
      JSON.stringify({ agentloom: 'nodes', version: 1, nodes: [{ id: 'a', kind: 'warp_drive', position: { x: 0, y: 0 } }], edges: [] }),
    )
    expect(broken).toMatchObject({ ok: false, reason: 'invalid' })
    expect(broken.ok === false && broken.reason === 'invalid' && broken.message).toMatch(/^The copied nodes could not be read: nodes\[0\]/)
    const newer = parseClipboardText(JSON.stringify({ agentloom: 'nodes', version: 99, nodes: [], edges: [] }))
    expect(newer.ok === false && newer.reason === 'invalid' && newer.message).toMatch(/newer than this app supports/)
  })

  it('drops edges whose ends are not in the clipboard', () => {
    const text = JSON.stringify({
      agentloom: 'nodes',
      version: 1,
      nodes: [{ id: 'a', kind: 'output', position: { x: 0, y: 0 }, data: {} }],
      edges: [{ id: 'x', source: 'gone', target: 'a' }],
    })
    expect(parseClipboardText(text)).toMatchObject({ ok: true, fragment: { edges: [] } })
  })
})

describe('pasting', () => {
  it('renames nodes and edges, rewires the edges and moves the copies', () => {
    const doc = document()
    const fragment = copyFragment(doc, new Set(['route', 'split', 'ask']))
    const pasted = prepareFragmentForPaste(fragment, target(doc), { x: 10, y: 20 })
    expect(pasted.nodes.map((node) => [node.kind, node.id])).toEqual([
      ['condition', 'condition-1'],
      ['fan_out', 'fan-out-1'],
      ['human_input', 'human-input-1'],
    ])
    expect(pasted.edges).toEqual([
      { id: 'e-condition-1.urgent-fan-out-1', source: 'condition-1', target: 'fan-out-1', sourceHandle: 'urgent' },
      { id: 'e-condition-1.long-human-input-1', source: 'condition-1', target: 'human-input-1', sourceHandle: 'long' },
    ])
    const route = doc.nodes.find((node) => node.id === 'route')!
    expect(pasted.nodes[0]!.position).toEqual({ x: route.position.x + 10, y: route.position.y + 20 })
    // The condition's cases (and so its handles) came along unchanged.
    expect(pasted.nodes[0]!.data).toEqual(route.data)
  })

  it('keeps a pasted document valid: participants, handoff rules and case handles still agree', () => {
    const doc = document()
    const everything = copyFragment(doc, new Set(doc.nodes.map((node) => node.id)))
    // Into an empty canvas the whole workflow arrives, start included, and is as valid as the original.
    const pasted = prepareFragmentForPaste(everything, { nodes: [], edgeIds: [], singletonKinds: new Set(['start']) })
    const pastedDoc: GraphDocument = { schemaVersion: 1, ...pasted }
    const errors = (d: GraphDocument) => validateDocument(d).filter((p) => p.severity === 'error').length
    expect(errors(pastedDoc)).toBe(errors(doc))
    expect(pasted.edges).toHaveLength(doc.edges.length)
  })

  it('leaves out a second start node, with its edges', () => {
    const doc = document()
    const pasted = prepareFragmentForPaste(copyFragment(doc, new Set(['start', 'triage'])), target(doc))
    expect(pasted.nodes.map((node) => node.kind)).toEqual(['agent'])
    expect(pasted.edges).toEqual([])
  })

  it('does not share data with the original', () => {
    const doc = document()
    const fragment: GraphFragment = copyFragment(doc, new Set(['seq']))
    const pasted = prepareFragmentForPaste(fragment, target(doc))
    expect(pasted.nodes[0]!.data).not.toBe(fragment.nodes[0]!.data)
  })
})

describe('the canvas store', () => {
  it('pastes as one undo step and selects only the copies', () => {
    const store = createCanvasStore({ workflowId: 'wf', name: 'T', document: exampleWorkflowDocument(), version: 1 })
    store.getState().selectOnly({ nodeId: 'output' })
    const fragment = copyFragment(store.getState().toDocument(), new Set(['researcher', 'output']))
    const ids = store.getState().insertFragment(fragment)
    expect(ids).toEqual(['agent-1', 'output-1'])
    const state = store.getState()
    expect(state.nodes.filter((node) => node.selected).map((node) => node.id)).toEqual(['agent-1', 'output-1'])
    expect(state.edges.filter((edge) => edge.selected).map((edge) => [edge.source, edge.target])).toEqual([['agent-1', 'output-1']])
    expect(state.history.past).toHaveLength(1)
    store.getState().undo()
    expect(store.getState().nodes.map((node) => node.id)).toEqual(['start', 'researcher', 'output'])
    expect(store.getState().edges).toHaveLength(2)
  })
})
