import { describe, expect, it } from 'vitest'
import { exampleWorkflowDocument } from '@/lib/graph/example-workflow'
import { documentToCanvas } from './adapter'
import { createCanvasStore } from './store'
import { isConnectionAllowed, removalCommand } from './store-graph-slice'

// The example: start → researcher → output, edges 'start->researcher' and 'researcher->output'.
const graph = () => documentToCanvas(exampleWorkflowDocument())
const makeStore = () => createCanvasStore({ workflowId: 'wf1', name: 'Test', document: exampleWorkflowDocument(), version: 1 })

describe('the graph slice', () => {
  it('removes a node together with the edges attached to it, remembering where each was', () => {
    const command = removalCommand(graph(), new Set(['researcher']), new Set())
    expect(command).toMatchObject({
      type: 'remove',
      nodes: [{ node: { id: 'researcher' }, index: 1 }],
      edges: [
        { edge: { id: 'start->researcher' }, index: 0 },
        { edge: { id: 'researcher->output' }, index: 1 },
      ],
    })
    expect(removalCommand(graph(), new Set(['nope']), new Set(['none']))).toBeUndefined()
  })

  it('allows a connection from an output handle to an input handle once', () => {
    const { nodes, edges } = graph()
    const connect = (source: string, target: string) => isConnectionAllowed({ nodes, edges }, { source, target, sourceHandle: null, targetHandle: null })
    expect(connect('start', 'output')).toBe(true)
    expect(connect('researcher', 'researcher')).toBe(true)
    expect(connect('start', 'researcher')).toBe(false)
    expect(connect('researcher', 'start')).toBe(false)
    expect(connect('output', 'researcher')).toBe(false)
    expect(connect('start', 'missing')).toBe(false)
  })

  it("applies React Flow's bookkeeping (sizes, dragging) without recording it, and records the move", () => {
    const store = makeStore()
    store.getState().onNodesChange([{ type: 'dimensions', id: 'output', dimensions: { width: 120, height: 40 }, setAttributes: true }])
    expect(store.getState().nodes.find((node) => node.id === 'output')?.measured).toEqual({ width: 120, height: 40 })
    expect(store.getState().history.past).toEqual([])
    store.getState().onNodesChange([{ type: 'position', id: 'output', position: { x: 1, y: 2 }, dragging: true }])
    expect(store.getState().nodes.find((node) => node.id === 'output')).toMatchObject({ position: { x: 1, y: 2 }, dragging: true })
    expect(store.getState().history.past).toHaveLength(1)
  })

  it('selects only the node it adds, without recording the change of selection', () => {
    const store = makeStore()
    store.getState().selectOnly({ edgeId: 'start->researcher' })
    const id = store.getState().addNode('agent', { x: 0, y: 0 })
    expect(
      store
        .getState()
        .nodes.filter((node) => node.selected)
        .map((node) => node.id),
    ).toEqual([id])
    expect(store.getState().edges.some((edge) => edge.selected)).toBe(false)
    store.getState().undo()
    expect(store.getState().nodes.map((node) => node.id)).toEqual(['start', 'researcher', 'output'])
  })
})
