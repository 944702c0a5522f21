/**
 * The undo log of the canvas store. Every change a person makes goes through a Command
 * (history.ts) executed here, so that it can be undone; undo and redo replay the log.
 */
import type { StoreApi } from 'zustand/vanilla'
import { applyCommand, emptyHistory, record, redo as redoHistory, undo as undoHistory, type Command } from './history'
import { NO_SERVER_PROBLEMS } from './store-saved-state-slice'
import type { CanvasSlice, CanvasState, HistorySlice } from './store-types'

/**
 * Applies a command to the graph and records it for undo. Any change to the graph makes the
 * problems of the last refused save out of date, so they go. A person who may not change the
 * workflow (a runner or viewer, or a live follower) changes nothing.
 */
export function executeCommand({ getState, setState }: Pick<StoreApi<CanvasState>, 'getState' | 'setState'>, command: Command): void {
  const state = getState()
  if (selectReadOnly(state)) return
  const graph = applyCommand({ nodes: state.nodes, edges: state.edges }, command)
  setState({ ...graph, history: record(state.history, command), serverProblems: NO_SERVER_PROBLEMS })
}

export const createHistorySlice: CanvasSlice<HistorySlice> = (set, get) => ({
  history: emptyHistory,

  undo: () => {
    const state = get()
    // Live, each person undoes their own changes only (live-binding.ts).
    if (state.live) return state.live.undo()
    const result = undoHistory(state.history, { nodes: state.nodes, edges: state.edges })
    if (result) set({ ...result.graph, history: result.history, serverProblems: NO_SERVER_PROBLEMS })
  },

  redo: () => {
    const state = get()
    if (state.live) return state.live.redo()
    const result = redoHistory(state.history, { nodes: state.nodes, edges: state.edges })
    if (result) set({ ...result.graph, history: result.history, serverProblems: NO_SERVER_PROBLEMS })
  },
})

export function selectCanUndo(state: Pick<CanvasState, 'history' | 'live'>): boolean {
  return state.live ? state.live.canUndo : state.history.past.length > 0
}

export function selectCanRedo(state: Pick<CanvasState, 'history' | 'live'>): boolean {
  return state.live ? state.live.canRedo : state.history.future.length > 0
}

/** True while the person may not change the canvas: a runner or viewer of its workspace, or a live follower. */
export function selectReadOnly(state: Pick<CanvasState, 'live' | 'roleReadOnly'>): boolean {
  return state.live?.readOnly === true || state.roleReadOnly
}
