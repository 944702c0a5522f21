/**
 * The events of a run, as stored (RunEvent rows), streamed (`GET /api/runs/:id/events`, SSE) and
 * shared (`GET /api/share/:token`). Every event is `{ sequence, type, data, createdAt }`.
 *
 * Who writes which type:
 * - the run service and executor: `run_queued`, `run_started`, `run_succeeded`, `run_failed`, `run_cancelled`; the fork service: `run_forked`;
 *   a debug run's executor: `breakpoint_hit`, `breakpoint_resumed` (a pinned node says so with a `custom` event named `pinned_output`);
 * - the workflow engine, through lib/server/runs/events/workflow-events.ts: its own event names (`started`,
 *   `output`, `executor_invoked`, …; see lib/core/workflows/events.ts), with an agent's streamed update
 *   split into `agent_update` (text), `tool_call`, `tool_result` and `tool_approval_request`;
 * - the approval broker: `approval_requested`, `approval_resolved`; the approval escalation job: `approval_escalated`;
 * - MCP connections and tasks: `mcp_connected`, `mcp_task_status`, `mcp_task_cancel_requested`, `mcp_task_cancel_failed`;
 * - conversation forwarding: `conversation_forwarding_failed`.
 *
 * `knownRunEventSchema` is the discriminated union of these types with their `data`; where data is
 * open-ended (what an executor produced, a tool returned) it is `unknown`, and every data object is
 * loose, so that a writer adding a field never breaks a reader. `runEventSchema` also takes any other
 * type with any data: rows written before a type existed, or by a newer version, still parse.
 */
import { z } from 'zod'
import { approvalKindSchema, approvalViewSchema } from './approvals'
import { breakpointHitSchema, debugActionSchema } from './run-debug'

const executorId = z.string()

/** An error as the engine describes it (lib/core errorDetails): never a stack. */
export const workflowErrorDetailsSchema = z.looseObject({
  message: z.string(),
  errorType: z.string(),
  code: z.string().optional(),
  executorId: z.string().optional(),
})

const tokenCounts = z.record(z.string(), z.number())
const noData = z.looseObject({})

export const MCP_TASK_STATUS_EVENT = 'mcp_task_status'
export const MCP_TASK_CANCEL_REQUESTED_EVENT = 'mcp_task_cancel_requested'
export const MCP_TASK_CANCEL_FAILED_EVENT = 'mcp_task_cancel_failed'

export const mcpTaskRefSchema = z.looseObject({
  /** The MCP server's registry id. */
  serverId: z.string(),
  /** Task ids are unique per server only. */
  taskId: z.string(),
})
export type McpTaskRef = z.infer<typeof mcpTaskRefSchema>

export const mcpTaskStatusDataSchema = mcpTaskRefSchema.extend({
  /** The server's display name. */
  serverName: z.string(),
  /** The remote tool's name (without the server prefix the model sees). */
  toolName: z.string(),
  status: z.string(),
  statusMessage: z.string().optional(),
  /** How far the task got, when its server reports progress; `total`, when known, is where it ends. */
  progress: z.number().optional(),
  total: z.number().optional(),
  /** The agent's function call that started the task (its `tool_call` event has the same callId). */
  callId: z.string().optional(),
})
export type McpTaskStatusData = z.infer<typeof mcpTaskStatusDataSchema>

export const mcpTaskCancelFailedDataSchema = mcpTaskRefSchema.extend({ message: z.string() })
export type McpTaskCancelFailedData = z.infer<typeof mcpTaskCancelFailedDataSchema>

/** The `data` of each known event type. */
export const RUN_EVENT_DATA_SCHEMAS = {
  run_queued: z.looseObject({ workflowId: z.string(), version: z.number() }),
  run_started: noData,
  run_succeeded: z.looseObject({ outputs: z.array(z.unknown()) }),
  /** `error` is missing when the run failed without a message. */
  run_failed: z.looseObject({ error: z.string().optional() }),
  run_cancelled: noData,
  /**
   * A fork's log (lib/server/runs/debugging/run-forks.ts): its parent's events up to the checkpoint come first, as inherited,
   * then this, then what the fork did from there.
   */
  run_forked: z.looseObject({ parentRunId: z.string(), checkpointId: z.string(), superstep: z.number(), inheritedThrough: z.number() }),
  /** A debug run paused (lib/server/runs/execution/run-breakpoints.ts): where, and the approval of kind `breakpoint` that holds it. */
  breakpoint_hit: breakpointHitSchema.extend({ approvalId: z.string().optional() }),
  /** Someone told the paused run to go on (`continue`, `step`); `stop` cancels it (`run_cancelled`). */
  breakpoint_resumed: z.looseObject({ action: debugActionSchema }),
  /** Someone edited the state a paused run goes on from: a new checkpoint of the run, copied from the one it was paused on. */
  breakpoint_state_edited: z.looseObject({ checkpointId: z.string(), editedFrom: z.string(), edits: z.array(z.unknown()) }),

  started: noData,
  failed: z.looseObject({ error: workflowErrorDetailsSchema }),
  output: z.looseObject({ executorId, data: z.unknown() }),
  intermediate: z.looseObject({ executorId, data: z.unknown() }),
  data: z.looseObject({ executorId, data: z.unknown() }),
  request_info: z.looseObject({ requestId: z.string(), executorId, data: z.unknown() }),
  warning: z.looseObject({ message: z.string(), executorId: executorId.optional() }),
  error: z.looseObject({ error: workflowErrorDetailsSchema, executorId: executorId.optional() }),
  superstep_started: z.looseObject({ iteration: z.number() }),
  superstep_completed: z.looseObject({ iteration: z.number() }),
  executor_invoked: z.looseObject({ executorId, data: z.unknown().optional() }),
  executor_completed: z.looseObject({ executorId, data: z.unknown().optional() }),
  executor_failed: z.looseObject({ executorId, error: workflowErrorDetailsSchema }),
  executor_bypassed: z.looseObject({ executorId }),
  agent_update: z.looseObject({ executorId: executorId.optional(), text: z.string() }),
  agent_response: z.looseObject({
    executorId,
    text: z.string(),
    usage: tokenCounts.optional(),
    finishReason: z.string().optional(),
    /** The model that answered, as the provider named it (what cost is priced by). */
    modelId: z.string().optional(),
  }),
  tool_call: z.looseObject({ executorId: executorId.optional(), callId: z.string(), name: z.string(), arguments: z.unknown() }),
  tool_result: z.looseObject({ executorId: executorId.optional(), callId: z.string(), result: z.unknown(), error: z.unknown().optional() }),
  tool_approval_request: z.looseObject({ executorId: executorId.optional(), id: z.string(), name: z.string() }),
  group_chat: z.looseObject({ executorId, data: z.unknown() }),
  handoff_sent: z.looseObject({ executorId, source: z.string(), target: z.string() }),
  magentic_orchestrator: z.looseObject({ executorId, eventType: z.string(), data: z.unknown() }),
  custom: z.looseObject({ name: z.string(), executorId: executorId.optional(), data: z.unknown().optional() }),
  conversation_forwarding_failed: z.looseObject({ errors: z.unknown() }),

  approval_requested: z.looseObject({ approval: approvalViewSchema }),
  approval_resolved: z.looseObject({ approval: approvalViewSchema }),
  /**
   * A waiting approval went to the workspace's owners after its delay (lib/server/approvals/approval-routing-jobs.ts),
   * once per approval. It names the approval rather than carrying it: the run has its `approval_requested` event.
   */
  approval_escalated: z.looseObject({
    approvalId: z.string(),
    kind: approvalKindSchema,
    title: z.string(),
    source: z.string(),
    escalatedAt: z.string(),
  }),

  mcp_connected: z.looseObject({ serverId: z.string(), tools: z.array(z.string()), onDemandTools: z.array(z.string()).optional() }),
  [MCP_TASK_STATUS_EVENT]: mcpTaskStatusDataSchema,
  [MCP_TASK_CANCEL_REQUESTED_EVENT]: mcpTaskRefSchema,
  [MCP_TASK_CANCEL_FAILED_EVENT]: mcpTaskCancelFailedDataSchema,
} as const

export type KnownRunEventType = keyof typeof RUN_EVENT_DATA_SCHEMAS
export type RunEventData<T extends KnownRunEventType> = z.infer<(typeof RUN_EVENT_DATA_SCHEMAS)[T]>

const envelope = { sequence: z.number().int(), createdAt: z.string() }

function knownEvent<T extends KnownRunEventType>(type: T) {
  return z.object({ ...envelope, type: z.literal(type), data: RUN_EVENT_DATA_SCHEMAS[type] })
}

// Built from the table above so that a type is added in one place; zod wants a non-empty tuple,
// which a mapped array is not to TypeScript (hence the cast), and KnownRunEvent below is the
// precise type of what it parses.
export const knownRunEventSchema = z.discriminatedUnion(
  'type',
  (Object.keys(RUN_EVENT_DATA_SCHEMAS) as KnownRunEventType[]).map(knownEvent) as unknown as [
    ReturnType<typeof knownEvent<KnownRunEventType>>,
    ...ReturnType<typeof knownEvent<KnownRunEventType>>[],
  ],
)
/** An event of a known type, narrowed by `type`: `event.type === 'tool_call'` gives `event.data.callId`. */
export type KnownRunEvent = { [T in KnownRunEventType]: { sequence: number; createdAt: string; type: T; data: RunEventData<T> } }[KnownRunEventType]

/** Any stored event: the envelope, with whatever data it has. */
export const storedRunEventSchema = z.object({ ...envelope, type: z.string(), data: z.unknown() })

/** What the API answers for an event: a known one, or any other (older or newer) as stored. */
export const runEventSchema = z.union([knownRunEventSchema, storedRunEventSchema])
export type RunEvent = z.infer<typeof storedRunEventSchema>

/** The event as a known type with well-formed data, or undefined (an unknown type, or data of another shape). */
export function asKnownRunEvent(event: RunEvent): KnownRunEvent | undefined {
  const parsed = knownRunEventSchema.safeParse(event)
  return parsed.success ? (parsed.data as KnownRunEvent) : undefined
}
