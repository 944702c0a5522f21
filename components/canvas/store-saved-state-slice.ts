/** What the server has of the open workflow: its id and name, the saved version, and the problems of a refused save. */
import type { GraphEdge, GraphNode } from '@/lib/graph/document'
import type { GraphProblem } from '@/lib/graph/problems'
import { canvasEdgeToGraph, canvasNodeToGraph, canvasToDocument, documentToCanvas, type CanvasEdge, type CanvasNode } from './adapter'
import { emptyHistory, type CanvasGraph } from './history'
import type { CanvasInit, CanvasSlice, CanvasState, SavedStateSlice } from './store-types'

/**
 * No problems from the server: one array for every change that clears them, so that a change that had none to clear
 * leaves the problems' summary as it was (use-problems.ts memoises on it). A fresh `[]` each time made every edit, and
 * every edit of another person's, recount the problems and repaint every node that shows them (at 1,000 nodes the
 * whole overview, on each keystroke).
 */
export const NO_SERVER_PROBLEMS: GraphProblem[] = []

/** The canvas starts out saved: as `loaded`, the graph it was loaded into. */
export function createSavedStateSlice(init: CanvasInit, loaded: CanvasGraph): CanvasSlice<SavedStateSlice> {
  return (set) => ({
    workflowId: init.workflowId,
    name: init.name,
    version: init.version,
    openedSettings: init.settings,
    savedDocument: canvasToDocument(loaded.nodes, loaded.edges),
    serverProblems: NO_SERVER_PROBLEMS,

    setName: (name) => set({ name }),
    adoptWorkflow: (workflowId, name, version) => set({ workflowId, name, version }),
    markSaved: (version, document) => set({ version, savedDocument: document, serverProblems: NO_SERVER_PROBLEMS }),
    loadSavedVersion: (version, document) => {
      const loaded = documentToCanvas(document)
      set({ ...loaded, version, savedDocument: canvasToDocument(loaded.nodes, loaded.edges), history: emptyHistory, serverProblems: NO_SERVER_PROBLEMS })
    },
    setServerProblems: (problems) => set({ serverProblems: problems }),
  })
}

/**
 * Whether the canvas' document differs from the saved one, as their JSON texts would (the toolbar asks on every
 * change of the store, every frame of a drag included: writing the JSON of 1,000 nodes each time took milliseconds).
 * Node by node, and a node's data as JSON only when it is not the saved data object itself.
 */
export function selectIsDirty(state: Pick<CanvasState, 'nodes' | 'edges' | 'savedDocument'>): boolean {
  const saved = state.savedDocument
  if (state.nodes.length !== saved.nodes.length || state.edges.length !== saved.edges.length) return true
  return !sameItems(state.nodes, saved.nodes, sameNodeJson) || !sameItems(state.edges, saved.edges, sameEdgeJson)
}

/**
 * Item by item in order; where the ids stop lining up, by id (a live canvas adds what others made at its end, while
 * a saved live document lists its nodes in id order: the same graph, in another order).
 */
function sameItems<Item extends { id: string }, Saved extends { id: string }>(
  items: Item[],
  saved: Saved[],
  same: (item: Item, saved: Saved) => boolean,
): boolean {
  let byId: Map<string, Saved> | undefined
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!
    let counterpart: Saved | undefined = saved[i]
    if (counterpart?.id !== item.id) {
      byId ??= new Map(saved.map((entry) => [entry.id, entry]))
      counterpart = byId.get(item.id)
    }
    if (!counterpart || !same(item, counterpart)) return false
  }
  return true
}

function sameNodeJson(canvasNode: CanvasNode, saved: GraphNode): boolean {
  const node = canvasNodeToGraph(canvasNode)
  return (
    node.id === saved.id &&
    node.kind === saved.kind &&
    sameJsonNumber(node.position.x, saved.position.x) &&
    sameJsonNumber(node.position.y, saved.position.y) &&
    (node.data === saved.data || JSON.stringify(node.data) === JSON.stringify(saved.data))
  )
}

function sameEdgeJson(canvasEdge: CanvasEdge, saved: GraphEdge): boolean {
  const edge = canvasEdgeToGraph(canvasEdge)
  return (
    edge.id === saved.id &&
    edge.source === saved.source &&
    edge.target === saved.target &&
    edge.sourceHandle === saved.sourceHandle &&
    edge.targetHandle === saved.targetHandle &&
    edge.condition === saved.condition
  )
}

/** JSON writes every number that is not finite as null. */
function sameJsonNumber(a: number, b: number): boolean {
  return a === b || (!Number.isFinite(a) && !Number.isFinite(b))
}
