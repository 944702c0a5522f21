import { describe, expect, it } from 'vitest'
import { exampleWorkflowDocument } from '@/lib/graph/example-workflow'
import { starterDocument } from '@/lib/graph/document'
import type { NodeData } from '@/lib/graph/node-data'
import { HISTORY_CAPACITY } from './history'
import { createCanvasStore, selectIsDirty } from './store'

function makeStore(document = exampleWorkflowDocument()) {
  return createCanvasStore({ workflowId: 'wf1', name: 'Test', document, version: 1 })
}

function positionOf(store: ReturnType<typeof makeStore>, id: string) {
  return store.getState().nodes.find((node) => node.id === id)!.position
}

function drag(store: ReturnType<typeof makeStore>, id: string, steps: Array<{ x: number; y: number }>) {
  for (const [i, position] of steps.entries()) {
    store.getState().onNodesChange([{ type: 'position', id, position, dragging: i < steps.length - 1 }])
  }
}

describe('canvas store', () => {
  it('starts clean with the document loaded', () => {
    const store = makeStore()
    expect(store.getState().nodes.map((node) => node.id)).toEqual(['start', 'researcher', 'output'])
    expect(selectIsDirty(store.getState())).toBe(false)
    expect(store.getState().toDocument()).toEqual(exampleWorkflowDocument())
  })

  it('adds a node with a readable unique id and undoes it', () => {
    const store = makeStore()
    const first = store.getState().addNode('agent', { x: 10, y: 20 })
    const second = store.getState().addNode('agent', { x: 30, y: 40 })
    expect([first, second]).toEqual(['agent-1', 'agent-2'])
    expect(store.getState().nodes.at(-1)).toMatchObject({ id: 'agent-2', type: 'agent', selected: true })
    expect(selectIsDirty(store.getState())).toBe(true)
    store.getState().undo()
    store.getState().undo()
    expect(store.getState().nodes).toHaveLength(3)
    expect(selectIsDirty(store.getState())).toBe(false)
    store.getState().redo()
    expect(store.getState().nodes.at(-1)?.id).toBe('agent-1')
  })

  it('refuses a second start node', () => {
    const store = makeStore()
    expect(store.getState().addNode('start', { x: 0, y: 0 })).toBeUndefined()
    expect(store.getState().nodes).toHaveLength(3)
  })

  it('merges one drag into one undo step, and consecutive drags of the same node too', () => {
    const store = makeStore()
    const original = { ...positionOf(store, 'researcher') }
    drag(store, 'researcher', [
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 50, y: 60 },
    ])
    expect(store.getState().history.past).toHaveLength(1)
    expect(store.getState().nodes.find((node) => node.id === 'researcher')?.dragging).toBe(false)
    drag(store, 'researcher', [{ x: 70, y: 80 }])
    expect(store.getState().history.past).toHaveLength(1)
    store.getState().undo()
    expect(positionOf(store, 'researcher')).toEqual(original)
    store.getState().redo()
    expect(positionOf(store, 'researcher')).toEqual({ x: 70, y: 80 })
  })

  it('does not merge drags of different nodes', () => {
    const store = makeStore()
    drag(store, 'researcher', [{ x: 1, y: 1 }])
    drag(store, 'output', [{ x: 2, y: 2 }])
    drag(store, 'researcher', [{ x: 3, y: 3 }])
    expect(store.getState().history.past).toHaveLength(3)
  })

  it('merges consecutive edits of the same field, not of different fields', () => {
    const store = makeStore()
    const node = () => store.getState().nodes.find((n) => n.id === 'researcher')!
    const edit = (name: string, key: string) => store.getState().updateNodeData('researcher', { ...(node().data as NodeData<'agent'>), name } as NodeData, key)
    edit('R', 'name')
    edit('Re', 'name')
    edit('Res', 'name')
    expect(store.getState().history.past).toHaveLength(1)
    edit('Res!', 'instructions')
    expect(store.getState().history.past).toHaveLength(2)
    store.getState().undo()
    store.getState().undo()
    expect((node().data as NodeData<'agent'>).name).toBe('Researcher')
  })

  it('connects nodes, refuses duplicates and edges into start, and undoes', () => {
    const store = makeStore(starterDocument())
    store.getState().addNode('agent', { x: 0, y: 0 })
    store.getState().onConnect({ source: 'start', target: 'agent-1', sourceHandle: null, targetHandle: null })
    store.getState().onConnect({ source: 'start', target: 'agent-1', sourceHandle: null, targetHandle: null })
    store.getState().onConnect({ source: 'agent-1', target: 'start', sourceHandle: null, targetHandle: null })
    expect(store.getState().edges.map((edge) => edge.id)).toEqual(['start->output', 'e-start-agent-1'])
    store.getState().undo()
    expect(store.getState().edges.map((edge) => edge.id)).toEqual(['start->output'])
  })

  it('deletes the selection with attached edges in one step and restores order on undo', () => {
    const store = makeStore()
    const before = store.getState().toDocument()
    store.getState().selectOnly({ nodeId: 'researcher' })
    store.getState().deleteSelection()
    expect(store.getState().nodes.map((node) => node.id)).toEqual(['start', 'output'])
    expect(store.getState().edges).toEqual([])
    store.getState().undo()
    expect(store.getState().toDocument()).toEqual(before)
  })

  it('records removals that React Flow reports', () => {
    const store = makeStore()
    store.getState().onEdgesChange([{ type: 'remove', id: 'start->researcher' }])
    expect(store.getState().edges).toHaveLength(1)
    store.getState().undo()
    expect(store.getState().edges.map((edge) => edge.id)).toEqual(['start->researcher', 'researcher->output'])
  })

  it('sets and clears an edge condition as undoable steps', () => {
    const store = makeStore()
    store.getState().setEdgeCondition('researcher->output', 'size(input) > 3')
    expect(store.getState().edges[1]).toMatchObject({ data: { condition: 'size(input) > 3' }, label: 'size(input) > 3' })
    store.getState().setEdgeCondition('researcher->output', undefined)
    expect(store.getState().edges[1]?.label).toBeUndefined()
    store.getState().undo()
    expect(store.getState().toDocument().edges[1]?.condition).toBe('size(input) > 3')
  })

  it('removes a case and its edges in one step', () => {
    const store = makeStore(starterDocument())
    const id = store.getState().addNode('condition', { x: 0, y: 0 })!
    store.getState().onConnect({ source: id, sourceHandle: 'case-1', target: 'output', targetHandle: null })
    const data = store.getState().nodes.find((n) => n.id === id)!.data as NodeData<'condition'>
    const edgeId = store.getState().edges.at(-1)!.id
    store.getState().updateNodeDataAndRemoveEdges(id, { ...data, cases: [] } as NodeData, [edgeId])
    expect(store.getState().edges.map((edge) => edge.id)).toEqual(['start->output'])
    store.getState().undo()
    expect(store.getState().edges.map((edge) => edge.id)).toEqual(['start->output', edgeId])
  })

  it('keeps at most HISTORY_CAPACITY steps and clears redo on a new change', () => {
    const store = makeStore()
    for (let i = 0; i < HISTORY_CAPACITY + 20; i++) store.getState().addNode('fan_out', { x: i, y: i })
    expect(store.getState().history.past).toHaveLength(HISTORY_CAPACITY)
    store.getState().undo()
    expect(store.getState().history.future).toHaveLength(1)
    store.getState().addNode('fan_out', { x: 0, y: 0 })
    expect(store.getState().history.future).toHaveLength(0)
  })

  it('applies a layout as one step that does not merge with a drag', () => {
    const store = makeStore()
    drag(store, 'researcher', [{ x: 5, y: 5 }])
    store.getState().moveNodes({ researcher: { x: 100, y: 100 }, output: { x: 400, y: 100 } })
    expect(store.getState().history.past).toHaveLength(2)
    store.getState().undo()
    expect(positionOf(store, 'researcher')).toEqual({ x: 5, y: 5 })
  })

  it('marks saved and becomes clean', () => {
    const store = makeStore()
    store.getState().addNode('output', { x: 0, y: 0 })
    store.getState().setServerProblems([{ severity: 'error', code: 'missing_start', message: 'x' }])
    store.getState().markSaved(2, store.getState().toDocument())
    expect(store.getState()).toMatchObject({ version: 2, serverProblems: [] })
    expect(selectIsDirty(store.getState())).toBe(false)
  })
})
