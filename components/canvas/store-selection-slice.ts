/** The selection of the canvas store: what is selected is a flag on each node and edge, as React Flow keeps it. */
import type { CanvasEdge, CanvasNode } from './adapter'
import type { CanvasSlice, SelectionSlice } from './store-types'

/** The graph with nothing selected; unchanged nodes and edges keep their identity (memoised renders). */
export function withNothingSelected(nodes: CanvasNode[], edges: CanvasEdge[]): { nodes: CanvasNode[]; edges: CanvasEdge[] } {
  return {
    nodes: nodes.map((node) => (node.selected ? { ...node, selected: false } : node)),
    edges: edges.map((edge) => (edge.selected ? { ...edge, selected: false } : edge)),
  }
}

export const createSelectionSlice: CanvasSlice<SelectionSlice> = (set, get) => ({
  selectOnly: ({ nodeId, edgeId }) => {
    set({
      nodes: get().nodes.map((node) => (Boolean(node.selected) === (node.id === nodeId) ? node : { ...node, selected: node.id === nodeId })),
      edges: get().edges.map((edge) => (Boolean(edge.selected) === (edge.id === edgeId) ? edge : { ...edge, selected: edge.id === edgeId })),
    })
  },

  selectAll: () => {
    set({
      nodes: get().nodes.map((node) => (node.selected ? node : { ...node, selected: true })),
      edges: get().edges.map((edge) => (edge.selected ? edge : { ...edge, selected: true })),
    })
  },

  deleteSelection: () => {
    const { nodes, edges, deleteElements } = get()
    deleteElements(
      nodes.filter((node) => node.selected).map((node) => node.id),
      edges.filter((edge) => edge.selected).map((edge) => edge.id),
    )
  },
})
