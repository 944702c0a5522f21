import { describe, expect, it } from 'vitest'
import { exampleWorkflowDocument } from '@/lib/graph/example-workflow'
import { createCanvasStore } from './store'
import { withNothingSelected } from './store-selection-slice'

const makeStore = () => createCanvasStore({ workflowId: 'wf1', name: 'Test', document: exampleWorkflowDocument(), version: 1 })
const selectedIds = (store: ReturnType<typeof makeStore>) => [
  ...store
    .getState()
    .nodes.filter((node) => node.selected)
    .map((node) => node.id),
  ...store
    .getState()
    .edges.filter((edge) => edge.selected)
    .map((edge) => edge.id),
]

describe('the selection slice', () => {
  it('selects one node or one edge and nothing else, without recording it', () => {
    const store = makeStore()
    store.getState().selectOnly({ nodeId: 'researcher' })
    expect(selectedIds(store)).toEqual(['researcher'])
    store.getState().selectOnly({ edgeId: 'researcher->output' })
    expect(selectedIds(store)).toEqual(['researcher->output'])
    expect(store.getState().history.past).toEqual([])
  })

  it('selects every node and edge, without recording it', () => {
    const store = makeStore()
    store.getState().selectOnly({ nodeId: 'researcher' })
    const researcher = store.getState().nodes.find((node) => node.id === 'researcher')
    store.getState().selectAll()
    const { nodes, edges, history } = store.getState()
    expect(selectedIds(store)).toHaveLength(nodes.length + edges.length)
    expect(nodes.find((node) => node.id === 'researcher')).toBe(researcher)
    expect(history.past).toEqual([])
  })

  it('leaves the nodes and edges whose selection does not change as they were (memoised renders)', () => {
    const store = makeStore()
    const before = store.getState()
    store.getState().selectOnly({ nodeId: 'output' })
    const after = store.getState()
    expect(after.nodes[0]).toBe(before.nodes[0])
    expect(after.nodes[2]).not.toBe(before.nodes[2])
    expect(after.edges).toEqual(before.edges)
    const cleared = withNothingSelected(after.nodes, after.edges)
    expect(cleared.nodes[0]).toBe(after.nodes[0])
    expect(cleared.nodes[2]).toMatchObject({ id: 'output', selected: false })
  })

  it('deletes what is selected, with the edges of a selected node, as one undo step', () => {
    const store = makeStore()
    store.getState().selectOnly({ nodeId: 'output' })
    store.getState().deleteSelection()
    expect(store.getState().nodes.map((node) => node.id)).toEqual(['start', 'researcher'])
    expect(store.getState().edges.map((edge) => edge.id)).toEqual(['start->researcher'])
    expect(store.getState().history.past).toHaveLength(1)
    store.getState().deleteSelection()
    expect(store.getState().history.past).toHaveLength(1)
  })
})
