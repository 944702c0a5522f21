/**
 * Workflow events. Every event is a plain object `{ type, ...fields }`; names follow the reference
 * framework (`started`, `status`, `output`, `request_info`, `superstep_started`, …).
 *
 * JSON shape (what `workflowEventToJSON(event)` returns and what the app persists):
 *
 * | type                   | fields                                                            |
 * |------------------------|-------------------------------------------------------------------|
 * | started                | —                                                                 |
 * | status                 | state: WorkflowRunState                                           |
 * | failed                 | error: { message, errorType, code?, executorId? }                 |
 * | output / intermediate  | executorId, data                                                  |
 * | data                   | executorId, data (deprecated custom payload)                      |
 * | request_info           | requestId, executorId, data                                       |
 * | warning                | message, executorId?                                              |
 * | error                  | error: { message, errorType, code? }, executorId?                 |
 * | superstep_started      | iteration (1-based)                                               |
 * | superstep_completed    | iteration                                                         |
 * | executor_invoked       | executorId, data (the message handled)                            |
 * | executor_completed     | executorId, data? (the messages it sent, when any)               |
 * | executor_failed        | executorId, error                                                 |
 * | executor_bypassed      | executorId                                                        |
 * | agent_update           | executorId, text, contents (one streaming update of an agent)    |
 * | agent_response         | executorId, text, usage? (an agent finished one run)             |
 * | group_chat             | executorId, data: { round, speaker?, … }                          |
 * | handoff_sent           | executorId, source, target                                        |
 * | magentic_orchestrator  | executorId, eventType, data                                       |
 * | custom                 | name, executorId?, data?                                          |
 *
 * `data` is whatever the executor produced; workflowEventToJSON turns it into JSON (Message → its
 * toJSON shape, Error → { name, message }, cycles and functions dropped).
 */
import type { Content, FinishReason, UsageDetails } from '../types'
import { isCoreError } from '../errors'
import { toJSONValue, type JSONValue } from './encoding'

export const WorkflowRunState = {
  STARTED: 'STARTED',
  IN_PROGRESS: 'IN_PROGRESS',
  IN_PROGRESS_PENDING_REQUESTS: 'IN_PROGRESS_PENDING_REQUESTS',
  IDLE: 'IDLE',
  IDLE_WITH_PENDING_REQUESTS: 'IDLE_WITH_PENDING_REQUESTS',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELLED',
} as const
export type WorkflowRunState = (typeof WorkflowRunState)[keyof typeof WorkflowRunState]

export interface WorkflowErrorDetails {
  message: string
  /** The error's class name, e.g. 'TypeError' or 'WorkflowConvergenceError'. */
  errorType: string
  /** The CoreError code, when the error is one of ours. */
  code?: string
  executorId?: string
}

export interface WorkflowStartedEvent {
  type: 'started'
}
export interface WorkflowStatusEvent {
  type: 'status'
  state: WorkflowRunState
}
export interface WorkflowFailedEvent {
  type: 'failed'
  error: WorkflowErrorDetails
}
export interface WorkflowOutputEvent<T = unknown> {
  type: 'output'
  executorId: string
  data: T
}
export interface WorkflowIntermediateEvent<T = unknown> {
  type: 'intermediate'
  executorId: string
  data: T
}
/** @deprecated use `custom` events or outputs. */
export interface WorkflowDataEvent<T = unknown> {
  type: 'data'
  executorId: string
  data: T
}
export interface RequestInfoEvent<T = unknown> {
  type: 'request_info'
  requestId: string
  executorId: string
  data: T
}
export interface WorkflowWarningEvent {
  type: 'warning'
  message: string
  executorId?: string
}
export interface WorkflowErrorEvent {
  type: 'error'
  error: WorkflowErrorDetails
  executorId?: string
}
export interface SuperstepStartedEvent {
  type: 'superstep_started'
  iteration: number
}
export interface SuperstepCompletedEvent {
  type: 'superstep_completed'
  iteration: number
}
export interface ExecutorInvokedEvent {
  type: 'executor_invoked'
  executorId: string
  data?: unknown
}
export interface ExecutorCompletedEvent {
  type: 'executor_completed'
  executorId: string
  data?: unknown[]
}
export interface ExecutorFailedEvent {
  type: 'executor_failed'
  executorId: string
  error: WorkflowErrorDetails
}
export interface ExecutorBypassedEvent {
  type: 'executor_bypassed'
  executorId: string
}
export interface AgentUpdateEvent {
  type: 'agent_update'
  executorId: string
  text: string
  contents: Content[]
}
export interface AgentResponseEvent {
  type: 'agent_response'
  executorId: string
  text: string
  usage?: UsageDetails
  /** Why the model stopped, when it said: `length` means the reply was cut at its token limit. */
  finishReason?: FinishReason
  /** The model that answered, as the provider named it: what the run's cost is priced by. */
  modelId?: string
}
export interface GroupChatEvent<T = unknown> {
  type: 'group_chat'
  executorId: string
  data: T
}
export interface HandoffSentEvent {
  type: 'handoff_sent'
  executorId: string
  source: string
  target: string
}
export interface MagenticOrchestratorEvent<T = unknown> {
  type: 'magentic_orchestrator'
  executorId: string
  eventType: string
  data: T
}
/** Application events added with ctx.addEvent({ type: 'custom', name, data }). */
export interface CustomWorkflowEvent<T = unknown> {
  type: 'custom'
  name: string
  executorId?: string
  data?: T
}

export type WorkflowEvent =
  | WorkflowStartedEvent
  | WorkflowStatusEvent
  | WorkflowFailedEvent
  | WorkflowOutputEvent
  | WorkflowIntermediateEvent
  | WorkflowDataEvent
  | RequestInfoEvent
  | WorkflowWarningEvent
  | WorkflowErrorEvent
  | SuperstepStartedEvent
  | SuperstepCompletedEvent
  | ExecutorInvokedEvent
  | ExecutorCompletedEvent
  | ExecutorFailedEvent
  | ExecutorBypassedEvent
  | AgentUpdateEvent
  | AgentResponseEvent
  | GroupChatEvent
  | HandoffSentEvent
  | MagenticOrchestratorEvent
  | CustomWorkflowEvent

export type WorkflowEventType = WorkflowEvent['type']

/** The JSON form of an event: same fields, with `data` converted to JSON. */
export type WorkflowEventJSON = { type: WorkflowEventType } & { [key: string]: JSONValue }

export function workflowEventToJSON(event: WorkflowEvent): WorkflowEventJSON {
  return toJSONValue(event) as WorkflowEventJSON
}

/** Describes any thrown value without its stack (events are shown to people and persisted). */
export function errorDetails(error: unknown, executorId?: string): WorkflowErrorDetails {
  const details: WorkflowErrorDetails =
    error instanceof Error ? { message: error.message, errorType: error.name || error.constructor.name } : { message: String(error), errorType: typeof error }
  if (isCoreError(error)) details.code = error.code
  if (executorId !== undefined) details.executorId = executorId
  return details
}
