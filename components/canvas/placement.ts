/**
 * Where a node added by click (not dropped) goes: the middle of the visible canvas, or the nearest
 * free, visible slot on a widening ring around it — below first, since new nodes tend to follow.
 */
import type { CanvasNode } from './adapter'

export interface FlowRect {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

export const SLOT = { width: 260, height: 120 }

/** The first position on a widening ring of slots around `origin` that no node's box overlaps. */
export function freeSpotNear(origin: { x: number; y: number }, nodes: readonly CanvasNode[], visible?: FlowRect): { x: number; y: number } {
  const inView = (x: number, y: number) =>
    !visible || (x >= visible.minX && y >= visible.minY && x + SLOT.width - 20 <= visible.maxX && y + SLOT.height - 20 <= visible.maxY)
  const overlaps = (x: number, y: number) =>
    nodes.some((node) => {
      const width = node.measured?.width ?? 240
      const height = node.measured?.height ?? 90
      return x < node.position.x + width && x + SLOT.width - 20 > node.position.x && y < node.position.y + height && y + SLOT.height - 20 > node.position.y
    })
  for (let ring = 0; ring < 6; ring++) {
    const slots: Array<[number, number]> = []
    for (let dy = -ring; dy <= ring; dy++) {
      for (let dx = -ring; dx <= ring; dx++) if (Math.max(Math.abs(dx), Math.abs(dy)) === ring) slots.push([dx, dy])
    }
    // Below the centre first, then beside it, then above: new nodes tend to come after existing ones.
    slots.sort(([ax, ay], [bx, by]) => Number(ay < 0) - Number(by < 0) || Math.abs(ax) - Math.abs(bx) || ay - by)
    for (const [dx, dy] of slots) {
      const x = origin.x + dx * SLOT.width
      const y = origin.y + dy * SLOT.height
      if (inView(x, y) && !overlaps(x, y)) return { x, y }
    }
  }
  return origin
}
