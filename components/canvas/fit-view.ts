/**
 * How "fit view" frames the canvas. A small graph is never zoomed out below a zoom at which node
 * text stays readable (13 px titles drawn at 0.75 are about 10 px; the 4-node layout used to land
 * near 0.5, 6 px): a graph too wide for that is laid out in rows instead (auto-layout wraps to the
 * canvas' shape). Large graphs may zoom out further, to see their shape. The minimap, when shown,
 * sits in the bottom-right corner: fitting keeps a strip free for it, so it never covers a node.
 */
import type { FitViewOptions } from '@xyflow/react'

export const READABLE_ZOOM = 0.75
/** Up to this many nodes a graph is small: readable at fit view, and without a minimap unless asked for. */
export const SMALL_GRAPH_NODES = 40
export const MINIMAP_SIZE = { width: 200, height: 150 }
/** React Flow's panel margin around the minimap. */
const PANEL_MARGIN = 15
const EDGE_PADDING = 24

export function isSmallGraph(nodeCount: number): boolean {
  return nodeCount <= SMALL_GRAPH_NODES
}

export function fitViewOptionsFor(nodeCount: number, minimapShown: boolean): FitViewOptions {
  const padding = `${EDGE_PADDING}px` as const
  return {
    padding: { top: padding, left: padding, right: padding, bottom: minimapShown ? `${MINIMAP_SIZE.height + 2 * PANEL_MARGIN}px` : padding },
    maxZoom: 1,
    minZoom: isSmallGraph(nodeCount) ? READABLE_ZOOM : undefined,
  }
}
