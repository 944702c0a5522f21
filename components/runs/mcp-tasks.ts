/**
 * Long-running MCP tasks as the run view sees them: the `mcp_task_status` events a run's tools
 * report, the `mcp_task_cancel_requested` events a person's Cancel leaves and the
 * `mcp_task_cancel_failed` events of cancels the server did not accept, read safely, and what that
 * means for a task's Cancel button.
 */
import { isEndedTaskStatus } from '@/lib/core/browser'
import { asRecord, readNumber, readString } from './event-data'

export interface TaskRef {
  /** The MCP server's registry id. */
  serverId: string
  taskId: string
}

export interface TaskStatus extends TaskRef {
  serverName?: string
  toolName: string
  status: string
  statusMessage?: string
  /** Reported progress, when the server sends it; `total` when it said where it ends. */
  progress?: number
  total?: number
}

/** Task ids are unique per server only. */
export function taskKey({ serverId, taskId }: TaskRef): string {
  return `${serverId}\u0000${taskId}`
}

export function readTaskRef(data: unknown): TaskRef | null {
  const record = asRecord(data)
  if (!record) return null
  const serverId = readString(record, 'serverId')
  const taskId = readString(record, 'taskId')
  return serverId && taskId ? { serverId, taskId } : null
}

export function readTaskStatus(data: unknown): TaskStatus | null {
  const ref = readTaskRef(data)
  const record = asRecord(data)
  const status = record && readString(record, 'status')
  if (!ref || !record || !status) return null
  const serverName = readString(record, 'serverName')
  const statusMessage = readString(record, 'statusMessage')
  const progress = readNumber(record, 'progress')
  const total = readNumber(record, 'total')
  return {
    ...ref,
    ...(serverName ? { serverName } : {}),
    toolName: readString(record, 'toolName') || 'tool',
    status,
    ...(statusMessage ? { statusMessage } : {}),
    ...(progress !== undefined ? { progress } : {}),
    ...(progress !== undefined && total !== undefined && total > 0 ? { total } : {}),
  }
}

/**
 * What a task's progress bar shows: a fraction (0–1) when the server gave a total, else the bare
 * count (an indeterminate bar with "N done"); null without progress or once the task ended.
 */
export function taskProgress(task: Pick<TaskStatus, 'status' | 'progress' | 'total'>): { fraction: number | null; label: string } | null {
  if (task.progress === undefined || isEndedTaskStatus(task.status)) return null
  if (task.total === undefined) return { fraction: null, label: `${formatProgress(task.progress)} done` }
  const fraction = Math.min(1, Math.max(0, task.progress / task.total))
  return { fraction, label: `${Math.round(fraction * 100)}%` }
}

function formatProgress(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1)
}

/**
 * What a task's latest timeline line offers: nothing (the task or the run is over, or the view is
 * read-only), a Cancel button, or "Cancelling…" once a cancel was asked for and until the task ends.
 */
export type TaskCancelState = 'none' | 'available' | 'requested'

export function taskCancelState(options: {
  status: string
  latest: boolean
  cancelRequested: boolean
  runActive: boolean
  canCancel: boolean
}): TaskCancelState {
  if (!options.canCancel || !options.runActive || !options.latest || isEndedTaskStatus(options.status)) return 'none'
  return options.cancelRequested ? 'requested' : 'available'
}
