import { describe, expect, it } from 'vitest'
import { exampleWorkflowDocument } from '@/lib/graph/example-workflow'
import { starterDocument } from '@/lib/graph/document'
import type { NodeData } from '@/lib/graph/node-data'
import { createCanvasStore } from './store'
import { selectIsDirty } from './store-saved-state-slice'

describe('the saved-state slice', () => {
  it('starts as saved, at the version it was loaded from', () => {
    const store = createCanvasStore({ workflowId: 'wf1', name: 'Test', document: exampleWorkflowDocument(), version: 3 })
    expect(store.getState()).toMatchObject({ workflowId: 'wf1', name: 'Test', version: 3, serverProblems: [] })
    expect(store.getState().savedDocument).toEqual(store.getState().toDocument())
    expect(selectIsDirty(store.getState())).toBe(false)
  })

  it('is dirty while the document differs from the saved one, and clean again once saved', () => {
    const store = createCanvasStore({ workflowId: 'wf1', name: 'Test', document: starterDocument(), version: null })
    store.getState().addNode('agent', { x: 0, y: 0 })
    expect(selectIsDirty(store.getState())).toBe(true)
    store.getState().markSaved(1, store.getState().toDocument())
    expect(store.getState().version).toBe(1)
    expect(selectIsDirty(store.getState())).toBe(false)
  })

  it("loads someone else's saved version in place of local edits: clean, at their version, nothing to undo", () => {
    const store = createCanvasStore({ workflowId: 'wf1', name: 'Test', document: starterDocument(), version: 1 })
    store.getState().addNode('agent', { x: 0, y: 0 })
    const theirs = exampleWorkflowDocument()
    store.getState().loadSavedVersion(4, theirs)
    expect(store.getState().version).toBe(4)
    expect(
      store
        .getState()
        .toDocument()
        .nodes.map((node) => node.id),
    ).toEqual(theirs.nodes.map((node) => node.id))
    expect(selectIsDirty(store.getState())).toBe(false)
    store.getState().undo()
    expect(
      store
        .getState()
        .toDocument()
        .nodes.map((node) => node.id),
    ).toEqual(theirs.nodes.map((node) => node.id))
  })

  it('is dirty exactly when the JSON of the document differs from the saved JSON', () => {
    const store = createCanvasStore({ workflowId: 'wf1', name: 'Test', document: exampleWorkflowDocument(), version: 1 })
    const byJson = () => JSON.stringify(store.getState().toDocument()) !== JSON.stringify(store.getState().savedDocument)
    const researcher = () => store.getState().nodes.find((node) => node.id === 'researcher')!
    const withLabel = (label: unknown) => ({ ...researcher().data, label }) as NodeData
    const originalLabel = (researcher().data as { label?: unknown }).label
    const steps: Array<() => void> = [
      // An equal copy of the data is not a change; an edit is, and typing it back is not.
      () => store.getState().updateNodeData('researcher', { ...researcher().data }),
      () => store.getState().updateNodeData('researcher', withLabel('Renamed'), 'label'),
      () => store.getState().updateNodeData('researcher', withLabel(originalLabel), 'label'),
      // Positions are saved to a tenth of a pixel: a move below that is not a change.
      () => store.getState().moveNodes({ researcher: { x: researcher().position.x + 0.01, y: researcher().position.y } }),
      () => store.getState().moveNodes({ researcher: { x: researcher().position.x + 5, y: researcher().position.y } }),
      () => store.getState().undo(),
      () => store.getState().setEdgeCondition(store.getState().edges[0]!.id, 'true'),
      () => store.getState().setEdgeCondition(store.getState().edges[0]!.id, undefined),
      () => store.getState().deleteElements([], [store.getState().edges[0]!.id]),
      () => store.getState().undo(),
      () => store.getState().addNode('agent', { x: 0, y: 0 }),
      () => store.getState().markSaved(2, store.getState().toDocument()),
      () => store.getState().undo(),
    ]
    for (const step of steps) {
      step()
      expect(selectIsDirty(store.getState())).toBe(byJson())
    }
  })

  it('renames without touching the graph or its undo log', () => {
    const store = createCanvasStore({ workflowId: 'wf1', name: 'Test', document: starterDocument(), version: null })
    const { nodes, history } = store.getState()
    store.getState().setName('Renamed')
    expect(store.getState()).toMatchObject({ name: 'Renamed', nodes, history })
  })
})
