/**
 * The canvas store: one zustand store per open canvas (created by CanvasStoreProvider), put
 * together from its slices — the graph (store-graph-slice.ts), the selection
 * (store-selection-slice.ts), the undo log (store-history-slice.ts) and what the server has of
 * the workflow (store-saved-state-slice.ts). Every change a person makes goes through a Command
 * (history.ts) so it can be undone; selection and measured sizes are not recorded.
 */
import { createStore } from 'zustand/vanilla'
import { documentToCanvas } from './adapter'
import { createGraphSlice } from './store-graph-slice'
import { createHistorySlice } from './store-history-slice'
import { createSavedStateSlice } from './store-saved-state-slice'
import { createSelectionSlice } from './store-selection-slice'
import type { CanvasInit, CanvasState, CanvasStore } from './store-types'

export type { CanvasInit, CanvasState, CanvasStore } from './store-types'
export { isConnectionAllowed } from './store-graph-slice'
export { selectIsDirty } from './store-saved-state-slice'
export { selectCanRedo, selectCanUndo, selectReadOnly } from './store-history-slice'

export function createCanvasStore(init: CanvasInit): CanvasStore {
  const loaded = documentToCanvas(init.document)
  return createStore<CanvasState>()((...store) => ({
    ...createGraphSlice(loaded)(...store),
    ...createSelectionSlice(...store),
    ...createHistorySlice(...store),
    ...createSavedStateSlice(init, loaded)(...store),
    live: null,
    roleReadOnly: false,
  }))
}
