/**
 * Paints an overview scene on a 2D canvas at a viewport transform: edges as straight lines without
 * arrowheads, nodes as boxes in their kind's colours, titles once they are large enough to read.
 * One canvas instead of a thousand DOM nodes and SVG paths is what keeps a zoomed-out pan smooth.
 */
import type { NodeCategory } from '../node-kinds'
import { edgeEndpoints, flowToScreen, intersects, visibleFlowRect, type Rect, type ViewportTransform } from './overview-geometry'
import type { AnyOverviewScene, NodePaint, ProblemMarker, SceneEdge, SceneNode } from './overview-scene'

/** Tailwind's colours of the node tones (node-registry.ts), which a canvas cannot read from classes. */
const CATEGORY_COLOURS: Record<NodeCategory, { fill: string; border: string }> = {
  flow: { fill: '#f4f4f5', border: '#a1a1aa' },
  agents: { fill: '#eef2ff', border: '#818cf8' },
  logic: { fill: '#fffbeb', border: '#fcd34d' },
  orchestrations: { fill: '#f5f3ff', border: '#a78bfa' },
}
const PROBLEM_COLOURS: Record<Exclude<ProblemMarker, 'none'>, string> = { error: '#ef4444', warning: '#f59e0b' }
const SELECTED = '#6366f1'
/** The keyboard focus ring (Tailwind's blue-600), kept apart from the selection's indigo. */
const FOCUS_RING = '#2563eb'
/** React Flow's selection box (`.react-flow__selection`). */
const SELECTION_BOX = { fill: 'rgba(0, 89, 220, 0.08)', border: 'rgba(0, 89, 220, 0.8)' }
const EDGE = '#b1b1b7'
/** SimpleNodeBody's title size (26 px): drawn when it would be at least this many pixels tall. */
const TITLE_PX = 26
const SMALLEST_READABLE_TITLE_PX = 5

export interface DrawOptions {
  /** Overview of the whole graph in a minimap: no titles, and every node (the view is already fitted). */
  minimap?: boolean
  /** The node with the keyboard focus: a ring around it, a few pixels out so that it reads even on a tiny node. */
  focusedId?: string
  /** A selection box being drawn, in flow units. */
  selectionBox?: Rect
}

/** Paints the scene and answers how many nodes and edges it drew (those in view). */
export function drawOverview(
  context: CanvasRenderingContext2D,
  size: { width: number; height: number },
  transform: ViewportTransform,
  scene: AnyOverviewScene,
  options: DrawOptions = {},
): { nodes: number; edges: number } {
  context.clearRect(0, 0, size.width, size.height)
  const view = visibleFlowRect(transform, size)
  const edges = options.minimap ? 0 : drawEdges(context, transform, scene, view)
  let nodes = 0
  const zoom = transform[2]
  const titlePx = TITLE_PX * zoom
  const withTitles = !options.minimap && titlePx >= SMALLEST_READABLE_TITLE_PX
  if (withTitles) {
    context.font = `600 ${titlePx}px ui-sans-serif, system-ui, sans-serif`
    context.textBaseline = 'middle'
  }
  for (const node of scene.nodes) {
    if (!intersects(node.box, view)) continue
    nodes++
    const corner = flowToScreen(node.box, transform)
    const [width, height] = [node.box.width * zoom, node.box.height * zoom]
    const paint = 'paint' in node ? node.paint : editorNodePaint(node)
    // In the minimap a node is a pixel or two: its solid colour fills it, so that it shows.
    context.fillStyle = options.minimap ? paint.solid : paint.fill
    context.fillRect(corner.x, corner.y, width, height)
    if (options.minimap) continue
    context.lineWidth = paint.lineWidth
    context.strokeStyle = paint.stroke
    if (paint.dashed) context.setLineDash([4, 3])
    context.strokeRect(corner.x, corner.y, width, height)
    if (paint.dashed) context.setLineDash([])
    if (withTitles) {
      context.fillStyle = '#18181b'
      context.fillText(node.title, corner.x + 8 * zoom + 2, corner.y + height / 2, Math.max(0, width - 16 * zoom - 4))
    }
  }
  const focused = options.focusedId === undefined ? undefined : scene.nodes.find((node) => node.id === options.focusedId)
  if (focused) drawFocusRing(context, focused.box, transform)
  if (options.selectionBox) drawSelectionBox(context, options.selectionBox, transform)
  return { nodes, edges }
}

function drawFocusRing(context: CanvasRenderingContext2D, box: Rect, transform: ViewportTransform) {
  const corner = flowToScreen(box, transform)
  const gap = 3
  context.lineWidth = 2
  context.strokeStyle = FOCUS_RING
  context.strokeRect(corner.x - gap, corner.y - gap, box.width * transform[2] + 2 * gap, box.height * transform[2] + 2 * gap)
}

function drawSelectionBox(context: CanvasRenderingContext2D, box: Rect, transform: ViewportTransform) {
  const corner = flowToScreen(box, transform)
  const [width, height] = [box.width * transform[2], box.height * transform[2]]
  context.fillStyle = SELECTION_BOX.fill
  context.fillRect(corner.x, corner.y, width, height)
  context.lineWidth = 1
  context.strokeStyle = SELECTION_BOX.border
  context.strokeRect(corner.x, corner.y, width, height)
}

/** The editor's node: its kind's colours, ringed when selected or when it has problems. */
function editorNodePaint(node: SceneNode): NodePaint {
  const colours = CATEGORY_COLOURS[node.category]
  const stroke = node.selected ? SELECTED : node.problems !== 'none' ? PROBLEM_COLOURS[node.problems] : colours.border
  return { fill: colours.fill, stroke, lineWidth: node.selected || node.problems !== 'none' ? 2 : 1, solid: colours.border }
}

function drawEdges(context: CanvasRenderingContext2D, transform: ViewportTransform, scene: AnyOverviewScene, view: Rect): number {
  let drawn = 0
  // One path per style: stroking once is what makes a thousand edges cheap.
  for (const style of [
    { dashed: false, selected: false },
    { dashed: true, selected: false },
    { dashed: false, selected: true },
    { dashed: true, selected: true },
  ]) {
    context.beginPath()
    let any = false
    for (const edge of scene.edges) {
      if (edge.colour !== undefined || edge.dashed !== style.dashed || edge.selected !== style.selected) continue
      if (!traceEdge(context, transform, edge, view)) continue
      drawn++
      any = true
    }
    if (!any) continue
    context.setLineDash(style.dashed ? [4, 3] : [])
    context.lineWidth = style.selected ? 2 : 1
    context.strokeStyle = style.selected ? SELECTED : EDGE
    context.stroke()
  }
  context.setLineDash([])
  return drawn + drawColouredEdges(context, transform, scene, view)
}

/** Edges whose view gives their colour (the run graph: green once their source is done): one path per colour. */
function drawColouredEdges(context: CanvasRenderingContext2D, transform: ViewportTransform, scene: AnyOverviewScene, view: Rect): number {
  const byColour = new Map<string, SceneEdge[]>()
  for (const edge of scene.edges) {
    if (edge.colour === undefined) continue
    const same = byColour.get(edge.colour)
    if (same) same.push(edge)
    else byColour.set(edge.colour, [edge])
  }
  let drawn = 0
  context.lineWidth = 1
  for (const [colour, edges] of byColour) {
    context.beginPath()
    for (const edge of edges) if (traceEdge(context, transform, edge, view)) drawn++
    context.strokeStyle = colour
    context.stroke()
  }
  return drawn
}

/** Adds the edge's straight line to the current path, if it crosses the view; answers whether it did. */
function traceEdge(context: CanvasRenderingContext2D, transform: ViewportTransform, edge: SceneEdge, view: Rect): boolean {
  const { from, to } = edgeEndpoints(edge.source, edge.target)
  const span = { x: Math.min(from.x, to.x), y: Math.min(from.y, to.y), width: Math.abs(to.x - from.x) + 1, height: Math.abs(to.y - from.y) + 1 }
  if (!intersects(span, view)) return false
  const [a, b] = [flowToScreen(from, transform), flowToScreen(to, transform)]
  context.moveTo(a.x, a.y)
  context.lineTo(b.x, b.y)
  return true
}
