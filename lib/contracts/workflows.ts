/**
 * The HTTP contracts of workflows and their immutable, numbered versions: what the routes accept,
 * what they answer, and the per-workflow settings kept beside the graph. Browser-safe: the routes
 * parse with these, WorkflowService returns these types, the canvas client checks answers with them.
 */
import { z } from 'zod'
import type { GraphDocument } from '@/lib/graph/document'
import { DEFAULT_MAX_SUPERSTEPS, MAX_SUPERSTEPS_LIMIT } from '@/lib/graph/superstep-budget'
import { durabilityModeSchema } from './durability'
import { mcpToolOfferSchema, mcpToolSettingSchema } from './mcp-tools'
import { pgIntParam, safeJson, safeText } from './safe-text'
import { baseVersionSchema } from './save-base'
import { workspaceIdSchema } from './workspace-roles'

const workflowId = safeText().min(1).max(100)
const workflowName = safeText().trim().min(1, 'A workflow needs a name.').max(200, 'A workflow name can be at most 200 characters.')
const workflowDescription = safeText().max(5000)
/** The graph itself is checked by lib/graph; here only that Postgres' jsonb can hold it. */
const graph = safeJson(z.unknown())

export const workflowIdParamsSchema = z.object({ id: workflowId })
export const workflowVersionParamsSchema = workflowIdParamsSchema.extend({ version: pgIntParam })

/**
 * Forwarding each agent turn's conversation to a threat-protection endpoint. No secrets here:
 * the endpoint's credentials come from the server's environment.
 */
export const conversationForwardingSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  /** The chat-message endpoint; falls back to the server's default endpoint when absent. */
  endpoint: safeText()
    .max(2_000)
    .url()
    .refine((url) => /^https?:\/\//i.test(url), 'The endpoint must be an http(s) URL.')
    .optional(),
  timeoutMs: z.number().int().positive().max(60_000).default(10_000),
})
export type ConversationForwardingSettings = z.infer<typeof conversationForwardingSettingsSchema>

/** Settings kept beside the graph: changing them needs no new version. */
export const workflowSettingsSchema = z.object({
  conversationForwarding: conversationForwardingSettingsSchema.default({ enabled: false, timeoutMs: 10_000 }),
  /** The most supersteps a run may take before it stops ("Max steps"); the editor warns when the longest path needs more. */
  maxSupersteps: z.number().int().min(1).max(MAX_SUPERSTEPS_LIMIT).default(DEFAULT_MAX_SUPERSTEPS),
  /** When its runs commit their progress (absent: sync); a run request may choose otherwise. */
  durability: durabilityModeSchema.optional(),
})
export type WorkflowSettings = z.infer<typeof workflowSettingsSchema>

/** Settings changed by a PATCH: only those named change, the others keep their stored values. */
export const workflowSettingsPatchSchema = z.object({
  conversationForwarding: conversationForwardingSettingsSchema.optional(),
  maxSupersteps: workflowSettingsSchema.shape.maxSupersteps.unwrap().optional(),
  durability: durabilityModeSchema.optional(),
})
export type WorkflowSettingsPatch = z.input<typeof workflowSettingsPatchSchema>

/** POST /api/workflows. Without a graph the workflow starts from the starter document. */
export const createWorkflowRequestSchema = z.object({
  name: workflowName,
  description: workflowDescription.optional(),
  graph: graph.optional(),
  /** Where to make it (editor there); default: your personal workspace. */
  workspaceId: workspaceIdSchema.optional(),
})
export type CreateWorkflowRequest = z.input<typeof createWorkflowRequestSchema>

/** PATCH /api/workflows/:id. */
export const updateWorkflowRequestSchema = z
  .object({
    name: workflowName.optional(),
    description: workflowDescription.optional(),
    settings: workflowSettingsPatchSchema.optional(),
    /** Offer it as a tool at /mcp, or stop offering it. */
    mcpTool: mcpToolSettingSchema.optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.description !== undefined || body.settings !== undefined || body.mcpTool !== undefined,
    'Nothing to update: give a name, a description, settings or mcpTool.',
  )

const versionNote = safeText().trim().max(500, 'A note can be at most 500 characters.')

/**
 * POST /api/workflows/:id/versions. An empty note is no note. `baseVersion` (or `If-Match`) is the
 * version the graph was edited from and is required: a save from an older version answers 409
 * `stale_version` (lib/contracts/save-base.ts).
 */
export const createVersionRequestSchema = z.object({ graph, note: versionNote.optional(), baseVersion: baseVersionSchema.optional() })
export type CreateVersionRequest = z.input<typeof createVersionRequestSchema>

/**
 * POST /api/workflows/:id/versions/:version/restore: the version's graph saved again as the newest
 * version. `baseVersion` (or `If-Match`) is optional here: given, it must still be the newest.
 */
export const restoreVersionRequestSchema = z.object({ note: versionNote.optional(), baseVersion: baseVersionSchema.optional() })

/** DELETE /api/workflows/:id?runs=keep|delete: what becomes of its runs is asked every time. */
/** GET /api/workflows: one workspace's only, when named. */
export const listWorkflowsQuerySchema = z.object({ workspaceId: workspaceIdSchema.optional() })

export const deleteWorkflowQuerySchema = z.object({
  runs: z.enum(['keep', 'delete'], { message: 'Say what becomes of its runs: runs=keep or runs=delete.' }),
})
export type DeleteWorkflowRuns = z.infer<typeof deleteWorkflowQuerySchema>['runs']

/** POST /api/workflows/:id/duplicate. Without a name the copy is "Copy of <name>". */
export const duplicateWorkflowRequestSchema = z.object({ name: workflowName.optional(), workspaceId: workspaceIdSchema.optional() })

/** One row of GET /api/workflows. */
export const workflowSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The workspace it belongs to (null: from before sign-in, not adopted yet). */
  workspaceId: z.string().nullable(),
  latestVersion: z.number().int().nullable(),
  /** How many runs it has (the delete dialog asks what becomes of them). */
  runCount: z.number().int(),
  /** The tool it is offered as at /mcp, or null. */
  mcpTool: mcpToolOfferSchema,
  updatedAt: z.string(),
})
export type WorkflowSummary = z.infer<typeof workflowSummarySchema>

export const workflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  workspaceId: z.string().nullable(),
  settings: workflowSettingsSchema,
  /** The tool it is offered as at /mcp, or null. */
  mcpTool: mcpToolOfferSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type WorkflowView = z.infer<typeof workflowSchema>

/** A version in the history list: who saved it, when, and what they noted. */
export const versionSummarySchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  note: z.string().nullable(),
  /** Null when the author's account is gone (or for versions saved by the seed). */
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
})
export type VersionSummary = z.infer<typeof versionSummarySchema>

/** A saved version. Its graph passed lib/graph's validation when it was stored (at that document's schemaVersion). */
export const workflowVersionSchema = versionSummarySchema.extend({
  graph: z.custom<GraphDocument>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'A graph document is an object.'),
})
export type WorkflowVersionView = z.infer<typeof workflowVersionSchema>

export const workflowListResponseSchema = z.object({ workflows: z.array(workflowSummarySchema) })
export type WorkflowListResponse = z.infer<typeof workflowListResponseSchema>

/** POST /api/workflows: the workflow and its first version. */
export const createdWorkflowResponseSchema = z.object({ workflow: workflowSchema, version: workflowVersionSchema })
export type CreatedWorkflowResponse = z.infer<typeof createdWorkflowResponseSchema>

/** GET /api/workflows/:id. */
export const workflowResponseSchema = z.object({ workflow: workflowSchema, latestVersion: workflowVersionSchema.nullable() })
export type WorkflowResponse = z.infer<typeof workflowResponseSchema>

/** PATCH /api/workflows/:id. */
export const updatedWorkflowResponseSchema = z.object({ workflow: workflowSchema })
export type UpdatedWorkflowResponse = z.infer<typeof updatedWorkflowResponseSchema>

/** GET /api/workflows/:id/versions: newest first, without their graphs (GET one version for its graph). */
export const versionListResponseSchema = z.object({ versions: z.array(versionSummarySchema) })
export type VersionListResponse = z.infer<typeof versionListResponseSchema>

/** GET /api/workflows/:id/versions/:version, POST /api/workflows/:id/versions and POST …/:version/restore. */
export const versionResponseSchema = z.object({ version: workflowVersionSchema })
export type VersionResponse = z.infer<typeof versionResponseSchema>

/** DELETE /api/workflows/:id: the runs deleted with it, or kept (listed under its name). */
export const deletedWorkflowResponseSchema = z.object({ deleted: z.object({ id: z.string(), runsDeleted: z.number().int(), runsKept: z.number().int() }) })
export type DeletedWorkflowResponse = z.infer<typeof deletedWorkflowResponseSchema>

/** One problem of lib/graph's validation (its GraphProblem; `code` is one of lib/graph's PROBLEM_CODES). */
export const graphProblemSchema = z.object({
  severity: z.enum(['error', 'warning']),
  code: z.string(),
  message: z.string(),
  nodeId: z.string().optional(),
  edgeId: z.string().optional(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
})

/** `details` of a 400 `invalid_graph` answer: every problem that kept the graph from being stored. */
export const invalidGraphDetailsSchema = z.object({ problems: z.array(graphProblemSchema) })
