import { describe, expect, it } from 'vitest'
import { exampleWorkflowDocument } from '@/lib/graph/example-workflow'
import { createCanvasStore } from './store'
import { executeCommand } from './store-history-slice'

const makeStore = () => createCanvasStore({ workflowId: 'wf1', name: 'Test', document: exampleWorkflowDocument(), version: 1 })
const problem = { severity: 'error', code: 'missing_start', message: 'No start node.' } as const

describe('the history slice', () => {
  it('records an executed command and makes the problems of the last refused save go', () => {
    const store = makeStore()
    store.getState().setServerProblems([problem])
    executeCommand(store, { type: 'move', moves: { output: { from: { x: 680, y: 80 }, to: { x: 0, y: 0 } } } })
    expect(store.getState()).toMatchObject({ serverProblems: [], history: { past: [{ type: 'move' }], future: [] } })
    expect(store.getState().nodes.find((node) => node.id === 'output')?.position).toEqual({ x: 0, y: 0 })
  })

  it('undoes and redoes, each a change of the graph that clears the problems too', () => {
    const store = makeStore()
    store.getState().setEdgeCondition('researcher->output', 'true')
    store.getState().setServerProblems([problem])
    store.getState().undo()
    expect(store.getState()).toMatchObject({ serverProblems: [], history: { past: [], future: [{ type: 'edge_data' }] } })
    store.getState().setServerProblems([problem])
    store.getState().redo()
    expect(store.getState()).toMatchObject({ serverProblems: [], history: { past: [{ type: 'edge_data' }], future: [] } })
  })

  it('keeps the one empty list of server problems when there were none to clear, so nothing that shows problems re-renders', () => {
    const store = makeStore()
    const none = store.getState().serverProblems
    executeCommand(store, { type: 'move', moves: { output: { from: { x: 680, y: 80 }, to: { x: 0, y: 0 } } } })
    store.getState().undo()
    store.getState().redo()
    expect(store.getState().serverProblems).toBe(none)
  })

  it('does nothing when there is nothing to undo or redo', () => {
    const store = makeStore()
    store.getState().setServerProblems([problem])
    const before = store.getState()
    store.getState().undo()
    store.getState().redo()
    expect(store.getState()).toBe(before)
  })
})
