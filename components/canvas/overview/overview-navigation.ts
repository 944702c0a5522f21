/**
 * Moving the keyboard focus between the nodes of the canvas overview, where React Flow has no node
 * elements to tab through: Tab follows reading order (rows top to bottom, each left to right), the
 * arrow keys go to the nearest node in their direction. Pure, on the nodes' boxes in flow units.
 */
import type { OverviewNode, Point } from './overview-geometry'

export type Direction = 'left' | 'right' | 'up' | 'down'

const centreOf = ({ box }: OverviewNode): Point => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 })

/**
 * Node ids in reading order. Nodes whose middles lie within half a node's height of a row's first
 * node share its row, so that a row laid out a few pixels uneven still reads left to right.
 */
export function readingOrder(nodes: readonly OverviewNode[]): string[] {
  const byTop = nodes.map((node) => ({ id: node.id, centre: centreOf(node), halfHeight: node.box.height / 2 })).sort((a, b) => a.centre.y - b.centre.y)
  const rows: Array<typeof byTop> = []
  for (const node of byTop) {
    const row = rows[rows.length - 1]
    if (row && node.centre.y - row[0].centre.y <= row[0].halfHeight) row.push(node)
    else rows.push([node])
  }
  return rows.flatMap((row) => row.sort((a, b) => a.centre.x - b.centre.x).map((node) => node.id))
}

/** The id `step` places after `id` in `order`, or undefined past either end (where Tab leaves the canvas). */
export function stepInOrder(order: readonly string[], id: string | undefined, step: 1 | -1): string | undefined {
  if (id === undefined) return step === 1 ? order[0] : order[order.length - 1]
  const index = order.indexOf(id)
  if (index === -1) return order[0]
  return order[index + step]
}

const AXES: Record<Direction, { along: 'x' | 'y'; sign: 1 | -1 }> = {
  left: { along: 'x', sign: -1 },
  right: { along: 'x', sign: 1 },
  up: { along: 'y', sign: -1 },
  down: { along: 'y', sign: 1 },
}

/**
 * The node nearest `from` in a direction: among the nodes whose middle lies that way, the one with the
 * least distance along the direction plus twice the distance across it, so that the node straight
 * ahead wins over a nearer one off to the side.
 */
export function nearestInDirection<N extends OverviewNode>(nodes: readonly N[], from: N, direction: Direction): N | undefined {
  const { along, sign } = AXES[direction]
  const across = along === 'x' ? 'y' : 'x'
  const origin = centreOf(from)
  let best: { node: N; score: number } | undefined
  for (const node of nodes) {
    if (node.id === from.id) continue
    const centre = centreOf(node)
    const ahead = (centre[along] - origin[along]) * sign
    if (ahead <= 0) continue
    const score = ahead + 2 * Math.abs(centre[across] - origin[across])
    if (!best || score < best.score) best = { node, score }
  }
  return best?.node
}
