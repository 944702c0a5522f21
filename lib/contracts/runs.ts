/**
 * The HTTP contracts of runs: starting, listing, reading and cancelling one, following its events,
 * and cancelling one of its long-running MCP tasks. The run view is what `GET /api/runs/:id` answers
 * and, with its events, what a share link shows (see share-links.ts).
 */
import { z } from 'zod'
import { approvalViewSchema } from './approvals'
import { durabilityModeSchema } from './durability'
import { runDebugSchema } from './run-debug'
import { runEventSchema } from './run-events'
import { runTriggerSchema } from './triggers'
import { PG_INT_MAX, pgInt, safeText } from './safe-text'
import { workspaceIdSchema } from './workspace-roles'

export const runStatusSchema = z.enum(['queued', 'running', 'waiting', 'succeeded', 'failed', 'cancelled'])
export type RunStatus = z.infer<typeof runStatusSchema>

export const TERMINAL_RUN_STATUSES: readonly RunStatus[] = ['succeeded', 'failed', 'cancelled']

export function isTerminalStatus(status: RunStatus): boolean {
  return TERMINAL_RUN_STATUSES.includes(status)
}

export const runIdParams = z.object({ id: z.string().uuid('Not a run id.') })

const workflowId = safeText().min(1).max(100)

export const createRunBody = z.object({
  workflowId,
  /** Defaults to the latest version. */
  version: pgInt.optional(),
  /** Text; or, when the start node declares input fields, the JSON text of an object with them (checked by the run service). */
  input: safeText().max(100_000).default(''),
  /** When this run commits its progress; defaults to the workflow's setting, else sync. */
  durability: durabilityModeSchema.optional(),
  /** A debug run: it pauses at these breakpoints and uses these pinned outputs (lib/contracts/run-debug.ts); it commits each superstep (sync). */
  debug: runDebugSchema.optional(),
})

/** How a run started: by a person or a client (`manual`), a schedule or a webhook (the runs list's filter). */
export const runTriggerKindSchema = z.enum(['manual', 'schedule', 'webhook', 'published'])
export type RunTriggerKind = z.infer<typeof runTriggerKindSchema>

export const listRunsQuery = z.object({
  workflowId: workflowId.optional(),
  /** Only runs in this status (the runs page's filter). */
  status: runStatusSchema.optional(),
  /** Only runs of this workspace. */
  workspaceId: workspaceIdSchema.optional(),
  /** Only runs a schedule, webhook or publication of this id started (issue #32). */
  triggerId: z.string().uuid('Not a trigger id.').optional(),
  /** Only runs started this way: by a person or a client (`manual`), a schedule, a webhook or a visitor of a public form (`published`). */
  trigger: runTriggerKindSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

/** `after` is an event sequence (an int4 column): 0 replays everything. */
export const eventsQuery = z.object({ after: z.coerce.number().int().min(0).max(PG_INT_MAX).optional() })

/** `POST /api/runs/:id/mcp-tasks/cancel`: which task of the run to cancel (202 `{ requested: true }`). */
export const cancelMcpTaskBody = z.object({
  serverId: safeText().min(1).max(200),
  taskId: safeText().min(1).max(500),
})
export type CancelMcpTaskBody = z.infer<typeof cancelMcpTaskBody>

/**
 * A run is a workflow's, or one turn of a conversation with an agent (`kind: 'turn'`): a turn's
 * workflowId, workflowName and version name the agent and the agent version it ran, and
 * conversationId the conversation it belongs to.
 */
export const runSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(['workflow', 'turn']).optional(),
  workflowId: z.string(),
  workflowName: z.string(),
  version: z.number().int(),
  conversationId: z.string().nullable().optional(),
  /** The workspace of its workflow or agent. */
  workspaceId: z.string().nullable().optional(),
  status: runStatusSchema,
  /** When the run commits its progress (lib/contracts/durability.ts); a conversation turn's is always sync. */
  durability: durabilityModeSchema.optional(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** What started it when not a person (issue #32). */
  trigger: runTriggerSchema.optional(),
})
export type RunSummary = z.infer<typeof runSummarySchema>

/** Token counts summed over the run's model calls (lib/core UsageDetails: these three and any others). */
export const tokenUsageSchema = z
  .object({ inputTokenCount: z.number().optional(), outputTokenCount: z.number().optional(), totalTokenCount: z.number().optional() })
  .catchall(z.number())
export type TokenUsage = z.infer<typeof tokenUsageSchema>

export const runDetailSchema = runSummarySchema.extend({
  input: z.string(),
  /** What the workflow yielded, in order; null until it ends. */
  outputs: z.array(z.unknown()).nullable(),
  error: z.string().nullable(),
  usage: tokenUsageSchema.nullable(),
  startedAt: z.string().nullable(),
})
export type RunDetail = z.infer<typeof runDetailSchema>

/**
 * The workflow document of the run's version, read loosely: a shared view strips fields from it
 * (instructions, secrets), and a view draws any node kind it meets (lib/graph GraphDocument fits this).
 */
export const runGraphSchema = z.looseObject({
  schemaVersion: z.number(),
  nodes: z.array(
    z.looseObject({
      id: z.string(),
      kind: z.string(),
      position: z.object({ x: z.number(), y: z.number() }),
      data: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
  edges: z.array(
    z.looseObject({
      id: z.string(),
      source: z.string(),
      target: z.string(),
      sourceHandle: z.string().optional(),
      targetHandle: z.string().optional(),
    }),
  ),
})
export type RunGraph = z.infer<typeof runGraphSchema>
export type RunGraphNode = RunGraph['nodes'][number]

/** `GET /api/runs/:id`: the run, its graph and its approvals; the share endpoint adds its events (share-links.ts). */
export const runViewSchema = z.object({
  run: runDetailSchema,
  graph: runGraphSchema,
  approvals: z.array(approvalViewSchema),
  /** Only in a shared view (`GET /api/share/:token`). */
  events: z.array(runEventSchema).optional(),
})
export type RunView = z.infer<typeof runViewSchema>

/** `GET /api/runs`. */
export const runListResponseSchema = z.object({ runs: z.array(runSummarySchema) })
export type RunListResponse = z.infer<typeof runListResponseSchema>

/** `POST /api/runs` (201, queued) and `POST /api/runs/:id/cancel`. */
export const runSummaryResponseSchema = z.object({ run: runSummarySchema })
export type RunSummaryResponse = z.infer<typeof runSummaryResponseSchema>

/** `POST /api/runs/:id/mcp-tasks/cancel` (202): the cancellation was passed to the run's worker. */
export const mcpTaskCancelResponseSchema = z.object({ requested: z.literal(true) })
