/** What the server has of the open workflow: its id and name, the saved version, and the problems of a refused save. */
import type { GraphDocument } from '@/lib/graph/document'
import { canvasToDocument } from './adapter'
import type { CanvasGraph } from './history'
import type { CanvasInit, CanvasSlice, CanvasState, SavedStateSlice } from './store-types'

export function documentFingerprint(document: GraphDocument): string {
  return JSON.stringify(document)
}

/** The canvas starts out saved: as `loaded`, the graph it was loaded into. */
export function createSavedStateSlice(init: CanvasInit, loaded: CanvasGraph): CanvasSlice<SavedStateSlice> {
  return (set) => ({
    workflowId: init.workflowId,
    name: init.name,
    version: init.version,
    savedFingerprint: documentFingerprint(canvasToDocument(loaded.nodes, loaded.edges)),
    serverProblems: [],

    setName: (name) => set({ name }),
    adoptWorkflow: (workflowId, name, version) => set({ workflowId, name, version }),
    markSaved: (version, document) => set({ version, savedFingerprint: documentFingerprint(document), serverProblems: [] }),
    setServerProblems: (problems) => set({ serverProblems: problems }),
  })
}

type DirtyInput = Pick<CanvasState, 'nodes' | 'edges' | 'savedFingerprint'>

/** The last answer: every store change re-runs the selectors that ask, and at 1,000 nodes a fingerprint takes ~20 ms. */
let lastDirty: { input: DirtyInput; dirty: boolean } | undefined

export function selectIsDirty(state: DirtyInput): boolean {
  const last = lastDirty?.input
  if (last && last.nodes === state.nodes && last.edges === state.edges && last.savedFingerprint === state.savedFingerprint) return lastDirty!.dirty
  const dirty = documentFingerprint(canvasToDocument(state.nodes, state.edges)) !== state.savedFingerprint
  lastDirty = { input: { nodes: state.nodes, edges: state.edges, savedFingerprint: state.savedFingerprint }, dirty }
  return dirty
}
