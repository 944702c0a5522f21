/**
 * The geometry of the canvas overview (CanvasOverview.tsx): where a node of the flow lands on the
 * screen at a viewport transform, which nodes are in view, which node a pointer is over, and where
 * an edge starts and ends. Pure, so that what is drawn and what is clicked agree.
 */

/** React Flow's viewport transform: [x, y, zoom]; a flow point p lands at p * zoom + (x, y). */
export type ViewportTransform = readonly [number, number, number]

export interface Point {
  x: number
  y: number
}

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/** A node as the overview sees it: its box in flow coordinates. */
export interface OverviewNode {
  id: string
  box: Rect
}

export function flowToScreen(point: Point, [x, y, zoom]: ViewportTransform): Point {
  return { x: point.x * zoom + x, y: point.y * zoom + y }
}

export function screenToFlow(point: Point, [x, y, zoom]: ViewportTransform): Point {
  return { x: (point.x - x) / zoom, y: (point.y - y) / zoom }
}

/** How close to the canvas' edge (screen pixels) a dragged node makes the canvas pan: React Flow's own distance. */
export const AUTO_PAN_EDGE_PX = 40

/**
 * How far to pan in one frame (screen pixels, for React Flow's `panBy`) while a drag holds the pointer at `pointer`
 * on a canvas of `size`: nothing away from the edges; towards an edge the pointer is within AUTO_PAN_EDGE_PX of, up to
 * `speed` at the edge or past it, as React Flow pans while it drags a node element.
 */
export function autoPanStep(pointer: Point, size: { width: number; height: number }, speed: number): Point {
  const velocity = (value: number, max: number) => {
    if (value < AUTO_PAN_EDGE_PX) return Math.min(Math.max(AUTO_PAN_EDGE_PX - value, 1), AUTO_PAN_EDGE_PX) / AUTO_PAN_EDGE_PX
    if (value > max - AUTO_PAN_EDGE_PX) return -Math.min(Math.max(value - (max - AUTO_PAN_EDGE_PX), 1), AUTO_PAN_EDGE_PX) / AUTO_PAN_EDGE_PX
    return 0
  }
  return { x: velocity(pointer.x, size.width) * speed, y: velocity(pointer.y, size.height) * speed }
}

/** The part of the flow a canvas of `size` shows at `transform`. */
export function visibleFlowRect(transform: ViewportTransform, size: { width: number; height: number }): Rect {
  const origin = screenToFlow({ x: 0, y: 0 }, transform)
  return { x: origin.x, y: origin.y, width: size.width / transform[2], height: size.height / transform[2] }
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

function contains(box: Rect, point: Point): boolean {
  return point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height
}

/**
 * The node under a flow point: the last one drawn wins, as on screen. A node drawn a few pixels
 * tall is hard to hit, so a click within `slack` (flow units) of a node's box still finds it.
 */
export function nodeAt<N extends OverviewNode>(nodes: readonly N[], point: Point, slack = 0): N | undefined {
  for (let i = nodes.length - 1; i >= 0; i--) if (contains(nodes[i].box, point)) return nodes[i]
  if (slack <= 0) return undefined
  let nearest: { node: N; distance: number } | undefined
  for (const node of nodes) {
    const { box } = node
    const dx = Math.max(box.x - point.x, 0, point.x - (box.x + box.width))
    const dy = Math.max(box.y - point.y, 0, point.y - (box.y + box.height))
    const distance = Math.hypot(dx, dy)
    if (distance <= slack && (!nearest || distance < nearest.distance)) nearest = { node, distance }
  }
  return nearest?.node
}

/** An edge drawn zoomed out: straight, from the middle of the source's right side to the middle of the target's left. */
export function edgeEndpoints(source: Rect, target: Rect): { from: Point; to: Point } {
  return {
    from: { x: source.x + source.width, y: source.y + source.height / 2 },
    to: { x: target.x, y: target.y + target.height / 2 },
  }
}

/** The smallest rectangle holding every box (and the extra ones given), or undefined for none. */
export function boundsOf(boxes: Iterable<Rect>): Rect | undefined {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const box of boxes) {
    minX = Math.min(minX, box.x)
    minY = Math.min(minY, box.y)
    maxX = Math.max(maxX, box.x + box.width)
    maxY = Math.max(maxY, box.y + box.height)
  }
  return minX === Infinity ? undefined : { x: minX, y: minY, width: maxX - minX, height: maxY - minY }
}

/** The transform that shows `bounds` whole and centred in a canvas of `size` (the minimap's). */
export function transformToFit(bounds: Rect, size: { width: number; height: number }, padding = 6): ViewportTransform {
  const zoom = Math.min((size.width - 2 * padding) / Math.max(bounds.width, 1), (size.height - 2 * padding) / Math.max(bounds.height, 1))
  return [(size.width - bounds.width * zoom) / 2 - bounds.x * zoom, (size.height - bounds.height * zoom) / 2 - bounds.y * zoom, zoom]
}
