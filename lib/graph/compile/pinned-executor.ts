/**
 * A pinned node of a debug run (lib/contracts/run-debug.ts): it does not run — no model call, no tool, no sub-workflow —
 * it sends its pinned value on (an output node yields it), and says so with a `pinned_output` custom event, so that the
 * run's log shows which step was not real. Its id is the node's, so edges, breakpoints and checkpoints see the same node.
 */
import { executor, type Executor } from '@/lib/core'
import type { GraphNode } from '../document'

export const PINNED_OUTPUT_EVENT = 'pinned_output'

export function pinnedExecutor(node: GraphNode, value: unknown): Executor {
  return executor(node.id, async (_message: unknown, ctx) => {
    ctx.addEvent({ type: 'custom', name: PINNED_OUTPUT_EVENT, executorId: node.id, data: value })
    if (node.kind === 'output') await ctx.yieldOutput(value)
    else await ctx.sendMessage(value)
  })
}
