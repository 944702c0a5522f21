/**
 * The edges the others in a live session selected, outlined in their colour on this canvas (their selected nodes:
 * LiveCursors.tsx). React Flow draws edges itself, so the mark is on the edges handed to it: a class, the selector's
 * colour on the path and their name in `data-live-selected-by`.
 */
import { useEffect, useState } from 'react'
import type { CanvasEdge } from './adapter'
import { edgeSelectorsOf, peersOf, sameEdgeSelectors, type EdgeSelector } from './live-awareness'
import { useLiveSessionContext } from './use-live-session'

export const REMOTE_SELECTED_EDGE_CLASS = 'live-selected'

const NONE: ReadonlyMap<string, EdgeSelector> = new Map()

/**
 * The edges the others selected, with who selected each. Changes only when those do: the others' pointers move many
 * times a second, and the canvas must not redraw its edges for that.
 */
export function useRemoteEdgeSelectors(): ReadonlyMap<string, EdgeSelector> {
  const { awareness } = useLiveSessionContext()
  const [selectors, setSelectors] = useState(NONE)
  useEffect(() => {
    if (!awareness) return
    const read = () => {
      const next = edgeSelectorsOf(peersOf(awareness.getStates(), awareness.clientID))
      setSelectors((current) => (sameEdgeSelectors(current, next) ? current : next))
    }
    read()
    awareness.on('change', read)
    return () => {
      awareness.off('change', read)
      setSelectors(NONE)
    }
  }, [awareness])
  return selectors
}

/** The edges as React Flow should draw them: those the others selected marked (new objects), every other one as it was. */
export function withRemoteEdgeSelections(edges: CanvasEdge[], selectors: ReadonlyMap<string, EdgeSelector>): CanvasEdge[] {
  if (selectors.size === 0) return edges
  return edges.map((edge) => {
    const user = selectors.get(edge.id)
    if (!user) return edge
    return {
      ...edge,
      className: edge.className ? `${edge.className} ${REMOTE_SELECTED_EDGE_CLASS}` : REMOTE_SELECTED_EDGE_CLASS,
      style: { ...edge.style, stroke: user.color, strokeWidth: 3 },
      // Data attributes are not among the SVG attributes React Flow's type lists; it spreads them onto the edge all the same.
      domAttributes: { ...edge.domAttributes, 'data-live-selected-by': user.name } as CanvasEdge['domAttributes'],
    }
  })
}
