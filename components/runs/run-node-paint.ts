/**
 * How the canvas overview paints a run's node by its status (the run graph zoomed out, drawn on one
 * canvas: components/canvas/overview/). The same colours as the node cards (NODE_STATUS_STYLE), read as
 * hex because a canvas cannot read Tailwind classes. The outline is the status dot's strong colour, not
 * the card's pale border: zoomed out a node is a few pixels tall and its outline is most of what shows.
 */
import type { NodePaint } from '@/components/canvas/overview/overview-scene'
import type { NodeRunStatus } from './run-state'

export const RUN_NODE_PAINT: Record<NodeRunStatus, NodePaint> = {
  // zinc: white card, zinc-400 outline, zinc-300 dot.
  idle: { fill: '#ffffff', stroke: '#a1a1aa', lineWidth: 1, solid: '#d4d4d8' },
  // indigo-50 card ringed in indigo-500, the running dot.
  running: { fill: '#eef2ff', stroke: '#6366f1', lineWidth: 2, solid: '#6366f1' },
  // amber-50 card ringed in amber-500: waiting for a person.
  waiting: { fill: '#fffbeb', stroke: '#f59e0b', lineWidth: 2, solid: '#f59e0b' },
  // emerald-50 card, emerald-500 outline.
  done: { fill: '#ecfdf5', stroke: '#10b981', lineWidth: 1, solid: '#10b981' },
  // red-50 card ringed in red-500.
  failed: { fill: '#fef2f2', stroke: '#ef4444', lineWidth: 2, solid: '#ef4444' },
  // zinc-50 card, dashed zinc-500 outline.
  cancelled: { fill: '#fafafa', stroke: '#71717a', lineWidth: 1, dashed: true, solid: '#a1a1aa' },
}

/** An edge out of a finished node is green, as on the cards' graph; any other grey. */
export const RUN_EDGE_DONE = '#10b981'
export const RUN_EDGE_PENDING = '#a1a1aa'

export function runNodePaint(status: NodeRunStatus | undefined): NodePaint {
  return RUN_NODE_PAINT[status ?? 'idle']
}
