import { describe, expect, it } from 'vitest'
import { exampleWorkflowDocument } from '@/lib/graph/example-workflow'
import { starterDocument } from '@/lib/graph/document'
import { createCanvasStore } from './store'
import { documentFingerprint, selectIsDirty } from './store-saved-state-slice'

describe('the saved-state slice', () => {
  it('starts as saved, at the version it was loaded from', () => {
    const store = createCanvasStore({ workflowId: 'wf1', name: 'Test', document: exampleWorkflowDocument(), version: 3 })
    expect(store.getState()).toMatchObject({ workflowId: 'wf1', name: 'Test', version: 3, serverProblems: [] })
    expect(store.getState().savedFingerprint).toBe(documentFingerprint(store.getState().toDocument()))
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

  it('answers for the state it is given, asked in turn about two canvases and about one before and after a change', () => {
    const saved = createCanvasStore({ workflowId: 'wf1', name: 'Saved', document: exampleWorkflowDocument(), version: 1 })
    const edited = createCanvasStore({ workflowId: 'wf2', name: 'Edited', document: starterDocument(), version: 1 })
    const clean = edited.getState()
    expect(selectIsDirty(saved.getState())).toBe(false)
    edited.getState().addNode('agent', { x: 0, y: 0 })
    expect(selectIsDirty(edited.getState())).toBe(true)
    expect(selectIsDirty(edited.getState())).toBe(true)
    expect(selectIsDirty(saved.getState())).toBe(false)
    expect(selectIsDirty(clean)).toBe(false)
    edited.getState().undo()
    expect(selectIsDirty(edited.getState())).toBe(false)
  })

  it('renames without touching the graph or its undo log', () => {
    const store = createCanvasStore({ workflowId: 'wf1', name: 'Test', document: starterDocument(), version: null })
    const { nodes, history } = store.getState()
    store.getState().setName('Renamed')
    expect(store.getState()).toMatchObject({ name: 'Renamed', nodes, history })
  })
})
