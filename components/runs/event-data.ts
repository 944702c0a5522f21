/** Safe readers for run event payloads, which arrive as untyped JSON. */
import { approvalViewSchema, type ApprovalView } from '@/lib/contracts/approvals'
import type { RunEvent } from '@/lib/contracts/run-events'

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

/**
 * The message of an event's error: a string (`run_failed`), the engine's error details
 * (`{ error: { message } }`, as `executor_failed` and `failed` carry it), or a plain `message`.
 */
export function readErrorMessage(record: Record<string, unknown>): string | undefined {
  const details = asRecord(record.error)
  return readString(record, 'error') ?? (details ? readString(details, 'message') : undefined) ?? readString(record, 'message')
}

/**
 * Checked loosely on purpose: an approval of an older row still shows when it has what the
 * timeline and the cards key on.
 */
const eventApprovalSchema = approvalViewSchema.pick({ id: true, runId: true, kind: true, status: true, createdAt: true }).loose()

/** The `approval` an approval_requested / approval_resolved event carries, when it looks like one. */
export function readApproval(data: Record<string, unknown>): ApprovalView | null {
  const parsed = eventApprovalSchema.safeParse(data.approval)
  return parsed.success ? (parsed.data as ApprovalView) : null
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
