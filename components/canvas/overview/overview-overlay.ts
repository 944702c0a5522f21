/**
 * What the canvas overview paints on top of the store's graph while a person works in it: the nodes
 * being dragged (moved by an offset, committed to the store only on release), the box being drawn and
 * the nodes it would select, and the node that has the keyboard focus. Kept in one mutable object
 * beside the painter, so that a pointer move costs one paint and no React render.
 */
import type { XYPosition } from '@xyflow/react'
import type { Point, Rect } from './overview-geometry'
import type { OverviewScene, SceneNode } from './overview-scene'

export interface OverviewOverlay {
  /** Nodes moved by `offset` (flow units) until the store has their new positions. */
  drag?: { ids: ReadonlySet<string>; offset: Point }
  /** The selection box (flow units) and the nodes it would select. */
  box?: { rect: Rect; ids: ReadonlySet<string> }
  /** The node with the keyboard focus, and whether its ring shows (a keyboard user, and the overview focused). */
  focus?: { id: string; visible: boolean }
  /**
   * React Flow's `nodes` when a gesture was committed to the store: the drag or box stays painted until
   * they change, so that no frame shows the graph as it was before the release.
   */
  committedAt?: unknown
}

/** The scene as the overlay shows it: dragged nodes at their new place (and their edges with them), the box's selection. */
export function sceneWithOverlay(scene: OverviewScene, overlay: OverviewOverlay): OverviewScene {
  const { drag, box } = overlay
  if (!drag && !box) return scene
  const moved = new Map<Rect, Rect>()
  const nodes = scene.nodes.map((node): SceneNode => {
    let shown = node
    if (drag?.ids.has(node.id)) {
      const rect = { ...node.box, x: node.box.x + drag.offset.x, y: node.box.y + drag.offset.y }
      moved.set(node.box, rect)
      shown = { ...shown, box: rect }
    }
    if (box && box.ids.has(node.id) !== node.selected) shown = { ...shown, selected: box.ids.has(node.id) }
    return shown
  })
  const edges =
    moved.size === 0
      ? scene.edges
      : scene.edges.map((edge) => ({ ...edge, source: moved.get(edge.source) ?? edge.source, target: moved.get(edge.target) ?? edge.target }))
  return { nodes, edges }
}

/** Snaps a position to React Flow's grid (its `snapPosition`), when the canvas snaps. */
export function snapped(position: XYPosition, grid: readonly [number, number] | undefined): XYPosition {
  if (!grid) return position
  return { x: grid[0] * Math.round(position.x / grid[0]), y: grid[1] * Math.round(position.y / grid[1]) }
}

/** Where nodes land when moved by `offset`: each node's position plus the offset, snapped; unmoved nodes are left out. */
export function movedPositions(
  nodes: ReadonlyArray<{ id: string; position: XYPosition }>,
  ids: ReadonlySet<string>,
  offset: Point,
  grid?: readonly [number, number],
): Record<string, XYPosition> {
  const positions: Record<string, XYPosition> = {}
  for (const node of nodes) {
    if (!ids.has(node.id)) continue
    const to = snapped({ x: node.position.x + offset.x, y: node.position.y + offset.y }, grid)
    if (to.x !== node.position.x || to.y !== node.position.y) positions[node.id] = to
  }
  return positions
}

/** The overlay and a way to repaint the overview with it, shared by the painter (CanvasOverview) and the editing hooks. */
export interface OverlayCanvas {
  overlay: OverviewOverlay
  /** Set by CanvasOverview once it has painted; until then there is nothing to repaint. */
  repaint: () => void
  /** The overview's `<canvas>`, which holds the keyboard focus. */
  element: HTMLCanvasElement | null
}

export function createOverlayCanvas(): OverlayCanvas {
  return { overlay: {}, repaint: () => {}, element: null }
}
