/**
 * The run events of long-running MCP tasks: `mcp_task_status` on every status change a tool
 * observes (for progress in the timeline), `mcp_task_cancel_requested` when a person asks to
 * cancel one (the durable request the process running the run acts on), and
 * `mcp_task_cancel_failed` when the task's server did not accept that cancel.
 */
import type { MCPTaskStatusEvent, MCPTool } from '@/lib/core'
import { MCP_TASK_STATUS_EVENT, type McpTaskStatusData } from '@/lib/contracts/run-events'
import type { AppContext } from '../app-context'

/** What a person sees when the server refused a cancel or did not answer it in time. */
export const MCP_TASK_CANCEL_FAILED_MESSAGE = 'The MCP server did not accept the cancel; the task may still be running.'

/** A server's status message is shown on one line; a long one is cut rather than stored whole on every poll. */
const MAX_STATUS_MESSAGE_LENGTH = 1_000

/** Where a run's task statuses go; called synchronously, it must not throw. */
export type TaskStatusSink = (data: McpTaskStatusData) => void

export interface TaskStatusRecording {
  app: AppContext
  runId: string
  server: { id: string; name: string }
  /** The run's signal: once it fires (cancelled or over), what the tools still report is not the run's. */
  signal: AbortSignal
  /** The tool the statuses come from (created after its options, hence late-bound). */
  tool: () => MCPTool
  /** The run's recorder, which writes each status after its tool call's line; default: appendTaskStatuses. */
  sink?: TaskStatusSink
}

/**
 * Appends statuses straight to the run's log, in the background, one after the other; a failed
 * append is logged and never reaches the tool call.
 */
export function appendTaskStatuses(app: AppContext, runId: string): TaskStatusSink {
  let appended: Promise<unknown> = Promise.resolve()
  return (data) => {
    appended = appended.then(() => app.events.append(runId, MCP_TASK_STATUS_EVENT, data)).catch((error: unknown) => warnStatusNotRecorded(runId, data, error))
  }
}

export function warnStatusNotRecorded(runId: string, data: McpTaskStatusData, error: unknown): void {
  console.warn(`[mcp] could not record status '${data.status}' of task ${data.taskId} in run ${runId}:`, error instanceof Error ? error.message : error)
}

/**
 * The `onTaskStatus` callback of one server's tool: the task registry learns of the task at once
 * (so a Cancel can reach it), and the status goes to the sink as a run event.
 */
export function recordTaskStatuses({
  app,
  runId,
  server,
  signal,
  tool,
  sink = appendTaskStatuses(app, runId),
}: TaskStatusRecording): (event: MCPTaskStatusEvent) => void {
  return (event) => {
    app.mcpTasks.observe(runId, server.id, event.taskId, event.status, tool())
    if (signal.aborted) return
    const data: McpTaskStatusData = {
      serverId: server.id,
      serverName: server.name,
      toolName: event.toolName,
      taskId: event.taskId,
      status: event.status,
      ...(event.statusMessage ? { statusMessage: event.statusMessage.slice(0, MAX_STATUS_MESSAGE_LENGTH) } : {}),
      ...(event.progress !== undefined ? { progress: event.progress } : {}),
      ...(event.total !== undefined ? { total: event.total } : {}),
      ...(event.callId ? { callId: event.callId } : {}),
    }
    sink(data)
  }
}
