/**
 * The undo log of the canvas store. Every change a person makes goes through a Command
 * (history.ts) executed here, so that it can be undone; undo and redo replay the log.
 */
import type { StoreApi } from 'zustand/vanilla'
import { applyCommand, emptyHistory, record, redo as redoHistory, undo as undoHistory, type Command } from './history'
import type { CanvasSlice, CanvasState, HistorySlice } from './store-types'

/**
 * Applies a command to the graph and records it for undo. Any change to the graph makes the
 * problems of the last refused save out of date, so they go.
 */
export function executeCommand({ getState, setState }: Pick<StoreApi<CanvasState>, 'getState' | 'setState'>, command: Command): void {
  const state = getState()
  const graph = applyCommand({ nodes: state.nodes, edges: state.edges }, command)
  setState({ ...graph, history: record(state.history, command), serverProblems: [] })
}

export const createHistorySlice: CanvasSlice<HistorySlice> = (set, get) => ({
  history: emptyHistory,

  undo: () => {
    const state = get()
    const result = undoHistory(state.history, { nodes: state.nodes, edges: state.edges })
    if (result) set({ ...result.graph, history: result.history, serverProblems: [] })
  },

  redo: () => {
    const state = get()
    const result = redoHistory(state.history, { nodes: state.nodes, edges: state.edges })
    if (result) set({ ...result.graph, history: result.history, serverProblems: [] })
  },
})
