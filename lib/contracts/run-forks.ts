/**
 * The HTTP contracts of time travel: a run's checkpoints (one per superstep), the state at one of them, and forks —
 * new runs that start from a copy of a checkpoint, possibly edited, possibly on a newer version of the workflow.
 *
 *   GET  /api/runs/:id/checkpoints                 → { checkpoints: CheckpointSummary[] }
 *   GET  /api/runs/:id/checkpoints/:checkpointId   → CheckpointDetail
 *   GET  /api/runs/:id/forks                       → { parent, forks }
 *   POST /api/runs/:id/forks  { checkpointId, version?, versionId?, edits? } → 201 { run, fork }
 */
import { z } from 'zod'
import { runStatusSchema, runSummarySchema, tokenUsageSchema } from './runs'
import { pgInt, safeJson, safeText } from './safe-text'

export const checkpointParams = z.object({
  id: z.string().uuid('Not a run id.'),
  checkpointId: safeText().min(1).max(100),
})

export const checkpointSummarySchema = z.object({
  id: z.string(),
  /** Supersteps completed when it was taken (the engine's iterationCount). */
  superstep: z.number().int(),
  createdAt: z.string(),
  /** The run's last event this checkpoint covers (its `superstep_completed`); null when the log has none for it. */
  sequence: z.number().int().nullable(),
  /** The executors whose state it holds (those that ran so far). */
  executors: z.array(z.string()),
  messagesInFlight: z.number().int(),
  pendingRequests: z.number().int(),
})
export type CheckpointSummary = z.infer<typeof checkpointSummarySchema>

export const checkpointListSchema = z.object({ checkpoints: z.array(checkpointSummarySchema) })
export type CheckpointList = z.infer<typeof checkpointListSchema>

/** One message of an agent node's conversation, as the fork edits address it (by index). */
export const conversationMessageSchema = z.object({ index: z.number().int(), role: z.string(), text: z.string(), message: z.unknown() })

export const checkpointDetailSchema = checkpointSummarySchema.extend({
  /** Messages sent in the superstep, waiting for delivery (`data` in the checkpoint's encoding), by index. */
  messages: z.array(z.object({ index: z.number().int(), sourceId: z.string(), targetId: z.string().nullable(), data: z.unknown() })),
  pendingRequests: z.array(z.object({ requestId: z.string(), executorId: z.string(), data: z.unknown() })),
  executorStates: z.record(z.string(), z.unknown()),
  /** Each agent node's conversation as of the checkpoint (the stored conversation cut at the length the checkpoint kept). */
  conversations: z.record(z.string(), z.array(conversationMessageSchema)),
  /** Committed workflow state (encoded). */
  state: z.record(z.string(), z.unknown()),
})
export type CheckpointDetail = z.infer<typeof checkpointDetailSchema>

const nodeId = safeText().min(1).max(200)
const index = z.number().int().min(0).max(100_000)
const jsonValue = safeJson(z.unknown().refine((value) => value !== undefined, 'Give a JSON value.'))

/**
 * The edits a fork may make to its copy of the checkpoint: typed, each addressing one thing (JSON-patch-like
 * `replace`s, no paths into arbitrary state). A pending request's answer is not an edit: the fork parks with its own
 * approvals, which are answered like any.
 */
export const forkEditSchema = z.discriminatedUnion('op', [
  /** A message in flight (by its index in the checkpoint's `messages`): its data, e.g. what a node sent on. */
  z.object({ op: z.literal('replace_message'), index, data: jsonValue }),
  /** One message of an agent node's conversation (by index): its text, with its role kept. */
  z.object({ op: z.literal('replace_conversation_message'), nodeId, index, text: safeText().max(100_000) }),
  /** What a pending request asks (its data), e.g. a human-input step's prompt or the input it shows. */
  z.object({ op: z.literal('replace_request'), requestId: safeText().min(1).max(200), data: jsonValue }),
  /** A node's whole saved state (what onCheckpointSave returned), e.g. a node's kept output. */
  z.object({ op: z.literal('replace_executor_state'), nodeId, state: jsonValue }),
])
export type ForkEdit = z.infer<typeof forkEditSchema>

/** An edit as the fork keeps it: what it replaced and with what. */
export const forkEditDiffSchema = z.object({ edit: forkEditSchema, before: z.unknown(), after: z.unknown() })
export type ForkEditDiff = z.infer<typeof forkEditDiffSchema>

export const createForkBody = z
  .object({
    checkpointId: safeText().min(1).max(100),
    /** The workflow's version to run (its number; default: the parent's). Its graph must have the parent's shape. */
    version: pgInt.optional(),
    /** The same, by the version's id. */
    versionId: z.string().uuid('Not a version id.').optional(),
    edits: z.array(forkEditSchema).max(50).default([]),
  })
  .refine((body) => body.version === undefined || body.versionId === undefined, { message: 'Give version or versionId, not both.', path: ['versionId'] })
export type CreateForkBody = z.input<typeof createForkBody>

/** Where a run came from, when it is a fork. */
export const forkOriginSchema = z.object({
  parentRunId: z.string().nullable(),
  checkpointId: z.string(),
  superstep: z.number().int(),
  edits: z.array(forkEditDiffSchema),
})
export type ForkOrigin = z.infer<typeof forkOriginSchema>

/** A run in a fork tree, with what comparing two side by side needs. */
export const forkRunSchema = runSummarySchema.extend({
  status: runStatusSchema,
  outputs: z.array(z.unknown()).nullable(),
  usage: tokenUsageSchema.nullable(),
  eventCount: z.number().int(),
  fork: forkOriginSchema.nullable(),
})
export type ForkRun = z.infer<typeof forkRunSchema>

/** `GET /api/runs/:id/forks`: the run, its parent (if a fork, and visible) and its forks, newest last. */
export const runForksSchema = z.object({ run: forkRunSchema, parent: forkRunSchema.nullable(), forks: z.array(forkRunSchema) })
export type RunForks = z.infer<typeof runForksSchema>

/** `POST /api/runs/:id/forks` (201): the new run, queued. */
export const createdForkSchema = z.object({ run: runSummarySchema, fork: forkOriginSchema })
export type CreatedFork = z.infer<typeof createdForkSchema>
