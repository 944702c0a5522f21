/** Safe readers for run event payloads, which arrive as untyped JSON. */
import { APPROVAL_KINDS, type ApprovalView, type RunEvent } from './types'

export function eventRecord(event: RunEvent): Record<string, unknown> {
  return asRecord(event.data) ?? {}
}

export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
}

export function readString(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key]
  return typeof value === 'string' ? value : undefined
}

export function readNumber(record: Record<string, unknown>, key: string): number | undefined {
  const value = record[key]
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** The `approval` an approval_requested / approval_resolved event carries, when it looks like one. */
export function readApproval(data: Record<string, unknown>): ApprovalView | null {
  const approval = asRecord(data.approval)
  if (!approval) return null
  const { id, runId, kind, status, createdAt } = approval
  if (typeof id !== 'string' || typeof createdAt !== 'string') return null
  if (typeof runId !== 'string' && runId !== null) return null
  if (!(APPROVAL_KINDS as readonly unknown[]).includes(kind)) return null
  if (!['pending', 'approved', 'denied', 'expired'].includes(status as string)) return null
  return approval as unknown as ApprovalView
}

/**
 * The graph node an executor belongs to. Most executors carry their node's id; orchestration
 * nodes run inner executors named `<nodeId>/<participant>` (or `:` / `.` separated), which
 * count as their node.
 */
export function nodeIdForExecutor(executorId: string, nodeIds: readonly string[]): string | null {
  if (nodeIds.includes(executorId)) return executorId
  let best: string | null = null
  for (const nodeId of nodeIds) {
    const isPrefix = ['/', ':', '.'].some((separator) => executorId.startsWith(nodeId + separator))
    if (isPrefix && (best === null || nodeId.length > best.length)) best = nodeId
  }
  return best
}
