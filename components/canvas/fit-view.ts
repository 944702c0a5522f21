/**
 * How "fit view" frames the canvas. A small graph is never zoomed out below a zoom at which node
 * text stays readable (13 px titles drawn at 0.75 are about 10 px; the 4-node layout used to land
 * near 0.5, 6 px): a graph too wide for that is laid out in rows instead (auto-layout wraps to the
 * canvas' shape). Large graphs may zoom out further, to see their shape. The minimap, when shown,
 * sits in the bottom-right corner: fitting keeps a strip free for it, so it never covers a node.
 *
 * Zoomed out below SIMPLE_NODES_BELOW_ZOOM, nodes draw a simpler body with larger type (nodes/SimpleNodeBody.tsx):
 * there 13 px titles would be under 8 px, and painting a thousand detailed nodes is what slowed panning.
 * Further out, below OVERVIEW_BELOW_ZOOM, a large graph is drawn on one canvas (overview/CanvasOverview.tsx).
 */
import { getViewportForBounds, type FitViewOptions, type Viewport } from '@xyflow/react'

export const READABLE_ZOOM = 0.75
/** Up to this many nodes a graph is small: readable at fit view, and without a minimap unless asked for. */
export const SMALL_GRAPH_NODES = 40
export const MINIMAP_SIZE = { width: 200, height: 150 }
/** React Flow's panel margin around the minimap. */
const PANEL_MARGIN = 15
const EDGE_PADDING = 24
/** React Flow's own minimum zoom, kept for graphs that fit at it. */
export const DEFAULT_MIN_ZOOM = 0.2
/** Halving the minimum zoom stops here (a 240 px node is then under a pixel wide). */
const LOWEST_MIN_ZOOM = DEFAULT_MIN_ZOOM / 64
/** About a node's size on the canvas (it is 240 px wide), and the smallest canvas the editor leaves at 1280×720. */
const NODE_EXTENT = { width: 240, height: 120 }
const SMALLEST_CANVAS = { width: 560, height: 300 }
/** What SimpleNodeBody measures: the size assumed for a node React Flow has not measured (one never rendered). */
export const ESTIMATED_NODE_SIZE = { width: 240, height: 80 }
export const SIMPLE_NODES_BELOW_ZOOM = 0.6
/**
 * Below this zoom a large graph is drawn on one canvas (overview/CanvasOverview.tsx) instead of as DOM
 * nodes and SVG edges: a simple body is then under 24 px tall and its title under 8 px.
 */
export const OVERVIEW_BELOW_ZOOM = 0.3

/** Whether the canvas draws the overview: a large graph, zoomed out below OVERVIEW_BELOW_ZOOM. */
export function showsOverview(nodeCount: number, zoom: number): boolean {
  return !isSmallGraph(nodeCount) && zoom < OVERVIEW_BELOW_ZOOM
}

export function isSmallGraph(nodeCount: number): boolean {
  return nodeCount <= SMALL_GRAPH_NODES
}

export function fitViewOptionsFor(nodeCount: number, minimapShown: boolean): FitViewOptions {
  const padding = `${EDGE_PADDING}px` as const
  return {
    padding: { top: padding, left: padding, right: padding, bottom: minimapShown ? `${MINIMAP_SIZE.height + 2 * PANEL_MARGIN}px` : padding },
    maxZoom: 1,
    minZoom: isSmallGraph(nodeCount) ? READABLE_ZOOM : undefined,
    // In the overview React Flow's nodes are hidden (drawn on a canvas instead); they still count.
    includeHiddenNodes: true,
  }
}

/**
 * The canvas' minimum zoom: React Flow's 0.2, halved until the whole graph fits the smallest canvas,
 * so that fit view can show a graph of a thousand nodes. Halving (not the exact zoom) keeps the value
 * from changing while nodes are dragged.
 */
export function minZoomFor(positions: ReadonlyArray<{ position: { x: number; y: number } }>): number {
  if (positions.length === 0) return DEFAULT_MIN_ZOOM
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const { position } of positions) {
    minX = Math.min(minX, position.x)
    minY = Math.min(minY, position.y)
    maxX = Math.max(maxX, position.x)
    maxY = Math.max(maxY, position.y)
  }
  const needed = Math.min(SMALLEST_CANVAS.width / (maxX - minX + NODE_EXTENT.width), SMALLEST_CANVAS.height / (maxY - minY + NODE_EXTENT.height))
  let zoom = DEFAULT_MIN_ZOOM
  while (zoom > needed && zoom / 2 >= LOWEST_MIN_ZOOM) zoom /= 2
  return zoom
}

interface SizedNode {
  position: { x: number; y: number }
  measured?: { width?: number; height?: number }
}

/**
 * Where a large graph opens when fit view would show it in the overview (below OVERVIEW_BELOW_ZOOM), or
 * null to let React Flow fit it. Such a graph must not start at React Flow's zoom 1: its first render
 * would mount and measure every node (a node not yet measured always renders) before fit view zooms
 * out, which at 1,000 nodes is most of the time to open the editor. Computed from the nodes' positions
 * and their sizes (ESTIMATED_NODE_SIZE where not measured) for the canvas' size, as fit view would.
 */
export function overviewStartViewport(nodes: readonly SizedNode[], canvas: { width: number; height: number }, minimapShown: boolean): Viewport | null {
  if (isSmallGraph(nodes.length) || canvas.width <= 0 || canvas.height <= 0) return null
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const { position, measured } of nodes) {
    minX = Math.min(minX, position.x)
    minY = Math.min(minY, position.y)
    maxX = Math.max(maxX, position.x + (measured?.width ?? ESTIMATED_NODE_SIZE.width))
    maxY = Math.max(maxY, position.y + (measured?.height ?? ESTIMATED_NODE_SIZE.height))
  }
  const options = fitViewOptionsFor(nodes.length, minimapShown)
  const bounds = { x: minX, y: minY, width: maxX - minX, height: maxY - minY }
  const viewport = getViewportForBounds(bounds, canvas.width, canvas.height, minZoomFor(nodes), options.maxZoom ?? 1, options.padding ?? 0.1)
  return viewport.zoom < OVERVIEW_BELOW_ZOOM ? viewport : null
}
