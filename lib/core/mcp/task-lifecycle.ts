import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  ErrorCode,
  McpError,
  ResultSchema,
  TaskSchema,
  type CallToolResult,
  type Task,
} from '@modelcontextprotocol/sdk/types.js'
import type { ZodType } from 'zod'
import { AbortError, ToolExecutionException } from '../errors'
import { raceAbort, sleep } from '../abort'
import { anySignal, Deadline } from './request-signals'
import { isConnectionLost, isMcpErrorWithCode, mcpErrorText } from './connection-errors'
import { errorName, type MCPLogger } from './logger'
import type { MCPMeta } from './meta'
import { errorTextOf } from './result-parsing'
import type { MCPTaskOptions } from './task-options'
import { MCP_TASK_END_STATUSES } from './task-status'

/**
 * The long-running task lifecycle (SEP-2663) for tools whose taskSupport is "required":
 * augmented tools/call → tasks/get polling → tasks/result. Submitting is never retried (the
 * server may have started the operation); once the task id is known, tasks/get and tasks/result
 * reconnect once and retry against the same id. Paths where the remote task may still be running
 * (abandonment) send a best-effort tasks/cancel; terminal failures do not.
 */

export const TASK_MIN_POLL_INTERVAL_MS = 500
export const TASK_MAX_POLL_INTERVAL_MS = 5_000
export const TASK_CANCEL_TIMEOUT_MS = 5_000
const SEND_ATTEMPTS = 2
/** Python's session read timeout surfaces as 408; the TypeScript SDK's as RequestTimeout (-32001). */
const TRANSIENT_POLL_CODES = [408, ErrorCode.RequestTimeout]
/** Where polling stops: the spec's end statuses, and input_required (the interactive flow is not implemented). */
const TERMINAL_STATUSES: ReadonlySet<string> = new Set([...MCP_TASK_END_STATUSES, 'input_required'])

export type MCPTaskStatus = Task['status']

export interface MCPTaskStatusEvent {
  serverName: string
  toolName: string
  taskId: string
  status: MCPTaskStatus
  statusMessage?: string
  /**
   * How far the task got, when the server sends progress notifications for it (the spec keeps the
   * call's progress token valid for the task's lifetime): `progress` rises; `total`, when known, is its end.
   */
  progress?: number
  total?: number
  /** The model's function call that started the task, when the tool was called by an agent. */
  callId?: string
}

/** A `notifications/progress` of a request, as the SDK hands it over. */
export interface MCPProgress {
  progress: number
  total?: number
  message?: string
}

export interface SendOptions {
  signal?: AbortSignal
  timeoutMs?: number
  /** Asks the server for progress notifications (a progress token) and receives them. */
  onprogress?: (progress: MCPProgress) => void
}

/** What the lifecycle needs from the MCPTool that owns the connection. */
export interface TaskSessionPort {
  readonly serverName: string
  readonly logger: MCPLogger
  /** One request on the current connection; no reconnect. */
  send<T>(method: string, params: Record<string, unknown>, schema: ZodType<T>, options?: SendOptions): Promise<T>
  /** A counter that changes on every (re)connect, so concurrent callers reconnect only once. */
  readonly generation: number
  reconnect(staleGeneration: number): Promise<void>
  /** A plain (non-augmented) tools/call, for servers that reject the task field. */
  plainCall(toolName: string, args: Record<string, unknown>, meta: MCPMeta | undefined, signal?: AbortSignal): Promise<CallToolResult>
  /** Keeps fire-and-forget work visible to close(). */
  track(work: Promise<unknown>): void
}

export interface ToolTaskRequest {
  toolName: string
  arguments: Record<string, unknown>
  meta: MCPMeta | undefined
  options: MCPTaskOptions
  signal?: AbortSignal
  onStatus?: (event: MCPTaskStatusEvent) => void
  /** Passed on in status events (CallOptions.callId). */
  callId?: string
}

/** The remote task may still be running: the caller must cancel it. */
export class MCPTaskAbandonedError extends ToolExecutionException {}

/**
 * How long to wait before the next tasks/get: the server's suggestion, or the client's own interval
 * when that is longer (a client may poll less often, never more often than the server asks),
 * bounded to TASK_MIN/MAX_POLL_INTERVAL_MS.
 */
export function clampPollInterval(serverIntervalMs: number | null | undefined, clientIntervalMs?: number): number {
  const server = serverIntervalMs !== undefined && serverIntervalMs !== null && serverIntervalMs > 0 ? serverIntervalMs : 0
  const wanted = Math.max(server, clientIntervalMs ?? 0)
  if (!(wanted > 0)) return TASK_MIN_POLL_INTERVAL_MS
  return Math.min(Math.max(wanted, TASK_MIN_POLL_INTERVAL_MS), TASK_MAX_POLL_INTERVAL_MS)
}

const LooseResultSchema = ResultSchema.loose() as unknown as ZodType<Record<string, unknown>>
/** tasks/get with `ttl` tolerated when absent (servers may omit it). */
const LenientTaskSchema = TaskSchema.extend({ ttl: TaskSchema.shape.ttl.optional() }).loose()

/** A CallToolResult must carry a `content` array (the SDK's schema would default it). */
export function parseCallToolResult(raw: Record<string, unknown>): CallToolResult | undefined {
  if (!Array.isArray(raw.content)) return undefined
  const parsed = CallToolResultSchema.safeParse(raw)
  return parsed.success ? parsed.data : undefined
}

type Submission = { kind: 'task'; task: { taskId: string; status?: MCPTaskStatus; statusMessage?: string } } | { kind: 'result'; result: CallToolResult }

export async function runToolTask(port: TaskSessionPort, request: ToolTaskRequest): Promise<CallToolResult> {
  // Progress can only be told once the task id is known. A notification can come before that: the server may send it
  // as soon as the task exists, and the SDK hands over every message it has read before our `await` resumes. Those are
  // held and told, in order, right after the task's first status.
  const early: MCPProgress[] = []
  let onProgress: (progress: MCPProgress) => void = (progress) => early.push(progress)
  const submission = await submit(port, request, request.onStatus ? (progress) => onProgress(progress) : undefined)
  if (submission.kind === 'result') return successfulResult(submission.result)
  const task = submission.task
  const notifier = statusNotifier(port, request, task.taskId)
  if (task.status) notifier.status(task.status, task.statusMessage)
  for (const progress of early.splice(0)) notifier.progress(progress)
  onProgress = notifier.progress
  try {
    return await track(port, request, task.taskId, notifier.status)
  } finally {
    onProgress = () => {}
  }
}

function successfulResult(result: CallToolResult): CallToolResult {
  if (result.isError) throw new ToolExecutionException(errorTextOf(result))
  return result
}

async function submit(port: TaskSessionPort, request: ToolTaskRequest, onprogress?: (progress: MCPProgress) => void): Promise<Submission> {
  const { toolName, options } = request
  const params: Record<string, unknown> = {
    name: toolName,
    arguments: request.arguments,
    // Always sent: it marks the call as task-augmented even when no ttl is configured.
    task: options.defaultTtlMs === undefined ? {} : { ttl: options.defaultTtlMs },
  }
  if (request.meta) params._meta = request.meta
  let raw: Record<string, unknown>
  try {
    raw = await port.send('tools/call', params, LooseResultSchema, { signal: request.signal, ...(onprogress ? { onprogress } : {}) })
  } catch (error) {
    if (request.signal?.aborted) throw new AbortError()
    if (isMcpErrorWithCode(error, ErrorCode.MethodNotFound, ErrorCode.InvalidParams)) {
      port.logger.debug(`Server rejected augmented tools/call for '${toolName}' (code=${error.code}); falling back.`)
      return { kind: 'result', result: await port.plainCall(toolName, request.arguments, request.meta, request.signal) }
    }
    if (isConnectionLost(error)) {
      throw new ToolExecutionException(`Failed to call tool '${toolName}' - connection lost; task state unknown.`, { cause: error })
    }
    if (error instanceof McpError) throw new ToolExecutionException(mcpErrorText(error), { cause: error })
    throw new ToolExecutionException(`Failed to call tool '${toolName}'.`, { cause: error })
  }
  const task = raw.task as { taskId?: unknown; status?: unknown; statusMessage?: unknown } | undefined
  if (task !== null && typeof task === 'object' && typeof task.taskId === 'string') {
    return {
      kind: 'task',
      task: {
        taskId: task.taskId,
        status: typeof task.status === 'string' ? (task.status as MCPTaskStatus) : undefined,
        statusMessage: typeof task.statusMessage === 'string' ? task.statusMessage : undefined,
      },
    }
  }
  const { _meta: _ignored, ...payload } = raw
  const legacy = parseCallToolResult(payload)
  if (!legacy) {
    // The augmented call succeeded server-side; re-issuing it could double-execute the tool.
    throw new ToolExecutionException(
      `MCP server returned an unparseable response to augmented tools/call for '${toolName}'; cannot safely retry (server may have started the operation).`,
    )
  }
  return { kind: 'result', result: legacy }
}

/**
 * Tells `onStatus` of each change: a new status or message from polling, or progress the server
 * notified. Progress with a total is told per whole percent, so a chatty server does not turn every
 * notification into an event; none is told once the task ended.
 */
function statusNotifier(port: TaskSessionPort, request: ToolTaskRequest, taskId: string) {
  let last: string | undefined
  let current: { status: MCPTaskStatus; statusMessage?: string } | undefined
  let progress: { progress: number; total?: number; message?: string } | undefined
  const emit = (): void => {
    if (!current || !request.onStatus) return
    const ended = TERMINAL_STATUSES.has(current.status)
    // A poll without a message keeps the progress's own; an ended task says only how it ended.
    const statusMessage = current.statusMessage ?? (ended ? undefined : progress?.message)
    const step = progress === undefined ? '' : progress.total ? Math.floor((progress.progress / progress.total) * 100) : progress.progress
    const key = `${current.status}\u0000${statusMessage ?? ''}\u0000${step}`
    if (key === last) return
    last = key
    try {
      const event: MCPTaskStatusEvent = { serverName: port.serverName, toolName: request.toolName, taskId, status: current.status }
      if (statusMessage !== undefined) event.statusMessage = statusMessage
      if (progress) {
        event.progress = progress.progress
        if (progress.total !== undefined) event.total = progress.total
      }
      if (request.callId !== undefined) event.callId = request.callId
      request.onStatus(event)
    } catch (error) {
      port.logger.warn(`onTaskStatus callback raised ${errorName(error)}.`)
    }
  }
  return {
    status: (status: MCPTaskStatus, statusMessage?: string): void => {
      current = { status, statusMessage }
      emit()
    },
    progress: (update: MCPProgress): void => {
      if (!Number.isFinite(update.progress) || (current && TERMINAL_STATUSES.has(current.status))) return
      progress = {
        progress: update.progress,
        ...(typeof update.total === 'number' && update.total > 0 ? { total: update.total } : {}),
        ...(update.message ? { message: update.message } : {}),
      }
      current = { status: current?.status ?? 'working', statusMessage: undefined }
      emit()
    },
  }
}

async function track(
  port: TaskSessionPort,
  request: ToolTaskRequest,
  taskId: string,
  notify: (status: MCPTaskStatus, message?: string) => void,
): Promise<CallToolResult> {
  const { options } = request
  const deadline = options.maxTaskWaitMs === undefined ? undefined : new Deadline(options.maxTaskWaitMs)
  const combined = anySignal(request.signal, deadline?.signal)
  try {
    const terminal = await pollUntilTerminal(port, taskId, combined.signal, notify, options.pollIntervalMs)
    return await handleTerminal(port, request.toolName, taskId, terminal, combined.signal)
  } catch (error) {
    if (deadline?.expired) {
      cancelBestEffort(port, taskId)
      throw new ToolExecutionException(`MCP task '${taskId}' exceeded maxTaskWaitMs of ${options.maxTaskWaitMs}ms.`, { cause: error })
    }
    if (request.signal?.aborted) {
      if (options.cancelRemoteTaskOnLocalCancellation) cancelBestEffort(port, taskId)
      throw new AbortError()
    }
    if (error instanceof MCPTaskAbandonedError) cancelBestEffort(port, taskId)
    throw error
  } finally {
    combined.dispose()
    deadline?.dispose()
  }
}

async function pollUntilTerminal(
  port: TaskSessionPort,
  taskId: string,
  signal: AbortSignal | undefined,
  notify: (status: MCPTaskStatus, message?: string) => void,
  clientIntervalMs: number | undefined,
): Promise<Task> {
  for (;;) {
    let raw: Record<string, unknown>
    try {
      raw = await sendWithOneReconnect(port, 'tasks/get', taskId, LooseResultSchema, signal)
    } catch (error) {
      if (signal?.aborted) throw error
      if (isMcpErrorWithCode(error, ...TRANSIENT_POLL_CODES)) {
        port.logger.debug(`Transient ${error.code} on tasks/get for '${taskId}'; will retry.`)
        await sleep(TASK_MIN_POLL_INTERVAL_MS, signal)
        continue
      }
      // A hard server error mid-poll: the task may still be running.
      if (error instanceof McpError) throw new MCPTaskAbandonedError(mcpErrorText(error), { cause: error })
      throw error
    }
    const parsed = LenientTaskSchema.safeParse(raw)
    if (!parsed.success) {
      throw new MCPTaskAbandonedError(`MCP server returned a malformed tasks/get response for task '${taskId}'.`, { cause: parsed.error })
    }
    const task = { ...parsed.data, ttl: parsed.data.ttl ?? null } as Task
    notify(task.status, task.statusMessage)
    if (TERMINAL_STATUSES.has(task.status)) return task
    await sleep(clampPollInterval(task.pollInterval, clientIntervalMs), signal)
  }
}

async function handleTerminal(port: TaskSessionPort, toolName: string, taskId: string, task: Task, signal: AbortSignal | undefined): Promise<CallToolResult> {
  const status = task.status
  if (status === 'completed') return successfulResult(await fetchTaskResult(port, taskId, signal))
  let message = task.statusMessage || `MCP task ended with status '${status}'.`
  // Not terminal in the spec; terminal here because the interactive input flow is not implemented.
  if (status === 'input_required') message = task.statusMessage || 'MCP task requires additional input and cannot continue.'
  throw new ToolExecutionException(`Tool '${toolName}' task ${status}: ${message}`)
}

async function fetchTaskResult(port: TaskSessionPort, taskId: string, signal: AbortSignal | undefined): Promise<CallToolResult> {
  let raw: Record<string, unknown>
  try {
    raw = await sendWithOneReconnect(port, 'tasks/result', taskId, LooseResultSchema, signal)
  } catch (error) {
    // The server reported completion: a hard fetch error is a plain failure (no cancel).
    if (error instanceof McpError && !signal?.aborted) throw new ToolExecutionException(mcpErrorText(error), { cause: error })
    throw error
  }
  const { _meta: _ignored, ...payload } = raw
  const result = parseCallToolResult(payload)
  if (!result) throw new ToolExecutionException(`MCP task '${taskId}' result payload could not be parsed as a CallToolResult.`)
  return result
}

async function sendWithOneReconnect<T>(
  port: TaskSessionPort,
  method: 'tasks/get' | 'tasks/result',
  taskId: string,
  schema: ZodType<T>,
  signal: AbortSignal | undefined,
): Promise<T> {
  for (let attempt = 0; attempt < SEND_ATTEMPTS; attempt += 1) {
    const generation = port.generation
    try {
      return await port.send(method, { taskId }, schema, { signal })
    } catch (error) {
      if (signal?.aborted || !isConnectionLost(error)) throw error
      if (attempt < SEND_ATTEMPTS - 1) {
        port.logger.info(`MCP connection lost during ${method}; reconnecting (task_id=${taskId}).`)
        try {
          await raceAbort(port.reconnect(generation), signal)
        } catch (reconnectError) {
          if (signal?.aborted) throw reconnectError
          throw new MCPTaskAbandonedError('Failed to reconnect to MCP server.', { cause: reconnectError })
        }
        continue
      }
      throw new MCPTaskAbandonedError(`MCP connection lost; task state unknown (task_id=${taskId}).`, { cause: error })
    }
  }
  throw new Error(`unreachable: ${method} for ${taskId}`)
}

/** Fire-and-forget tasks/cancel bounded by TASK_CANCEL_TIMEOUT_MS; failures only log. */
export function cancelBestEffort(port: TaskSessionPort, taskId: string): void {
  port.track(tryCancelTask(port, taskId))
}

/** Sends tasks/cancel; true when the server accepted it, false (after logging, as the reference does) when not. */
export async function tryCancelTask(port: TaskSessionPort, taskId: string, timeoutMs = TASK_CANCEL_TIMEOUT_MS): Promise<boolean> {
  const timeout = AbortSignal.timeout(timeoutMs)
  try {
    const cancel = port.send('tasks/cancel', { taskId }, CancelTaskResultSchema as unknown as ZodType<unknown>, { timeoutMs, signal: timeout })
    await raceAbort(cancel, timeout)
    return true
  } catch (error) {
    if (isMcpErrorWithCode(error, ErrorCode.RequestTimeout) || errorName(error) === 'TimeoutError') {
      port.logger.warn(`Best-effort tasks/cancel for '${taskId}' timed out after ${(timeoutMs / 1000).toFixed(1)}s; remote task may still be running.`)
      return false
    }
    port.logger.warn(`Best-effort tasks/cancel for '${taskId}' failed; remote task may still be running.`)
    return false
  }
}
