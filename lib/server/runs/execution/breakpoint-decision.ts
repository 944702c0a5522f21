/**
 * Whether a debug run pauses between two supersteps, decided from what the superstep that ended left: the
 * nodes that ran in it (`after` breakpoints) and the messages its checkpoint holds in flight (`before`: the next
 * superstep delivers them). A message without a target goes along every edge from its sender, so a `before`
 * breakpoint behind a condition may pause although the condition then sends nothing there: pausing once too
 * often is safe, passing a breakpoint is not. Pure, so that it is tested without a database.
 */
import type { Breakpoint, BreakpointHit } from '@/lib/contracts/run-debug'

export interface SuperstepEnd {
  superstep: number
  checkpointId: string
  /** The node ids that ran in the superstep that ended. */
  ran: ReadonlySet<string>
  /** The checkpoint's messages in flight. */
  messages: ReadonlyArray<{ sourceId: string; targetId?: string }>
}

/** Where each node's messages go when they name no target: the document's edges, source → targets. */
export type EdgeTargets = ReadonlyMap<string, readonly string[]>

export function edgeTargetsOf(edges: ReadonlyArray<{ source: string; target: string }>): EdgeTargets {
  const targets = new Map<string, string[]>()
  for (const edge of edges) targets.set(edge.source, [...(targets.get(edge.source) ?? []), edge.target])
  return targets
}

/** The nodes the next superstep delivers a message to. */
export function nextRecipients(messages: SuperstepEnd['messages'], edges: EdgeTargets): Set<string> {
  const recipients = new Set<string>()
  for (const message of messages) {
    if (message.targetId !== undefined) recipients.add(message.targetId)
    else for (const target of edges.get(message.sourceId) ?? []) recipients.add(target)
  }
  return recipients
}

/**
 * The pause, if any: a step (a person asked for one superstep) pauses whatever the breakpoints; otherwise the
 * `after` breakpoints of nodes that ran come first (they are what the person saw happen), then the `before` ones.
 * Nothing pauses once nothing is in flight: the run is about to end.
 */
export function breakpointHit(breakpoints: readonly Breakpoint[], end: SuperstepEnd, edges: EdgeTargets, stepping: boolean): BreakpointHit | undefined {
  if (end.messages.length === 0) return undefined
  const at = { superstep: end.superstep, checkpointId: end.checkpointId }
  if (stepping) return { reason: 'step', nodeIds: [], ...at }
  const after = breakpoints.filter((b) => b.when === 'after' && end.ran.has(b.nodeId)).map((b) => b.nodeId)
  if (after.length > 0) return { reason: 'after', nodeIds: unique(after), ...at }
  const recipients = nextRecipients(end.messages, edges)
  const before = breakpoints.filter((b) => b.when === 'before' && recipients.has(b.nodeId)).map((b) => b.nodeId)
  if (before.length > 0) return { reason: 'before', nodeIds: unique(before), ...at }
  return undefined
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)]
}
