/**
 * Long-running MCP tasks as the run view sees them: the `mcp_task_status` events a run's tools
 * report, the `mcp_task_cancel_requested` events a person's Cancel leaves and the
 * `mcp_task_cancel_failed` events of cancels the server did not accept, read safely, and what that
 * means for a task's Cancel button.
 */
import { isEndedTaskStatus } from '@/lib/core/browser'
import { asRecord, readString } from './event-data'

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
  return {
    ...ref,
    ...(serverName ? { serverName } : {}),
    toolName: readString(record, 'toolName') || 'tool',
    status,
    ...(statusMessage ? { statusMessage } : {}),
  }
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
