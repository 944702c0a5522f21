/**
 * The HTTP contracts of agents (reusable agent definitions a person owns) and their immutable,
 * numbered versions. A version's `definition` is lib/graph's AgentSettings — the same settings an
 * inline agent node has — so the canvas, the run path and the chat playground parse it one way.
 * Browser-safe: the routes parse with these, AgentService returns these types, the Agents page checks answers with them.
 */
import { z } from 'zod'
import { baseVersionSchema } from './save-base'
import { AgentSettingsSchema, type AgentSettings } from '@/lib/graph/node-data'
import { mcpToolOfferSchema, mcpToolSettingSchema } from './mcp-tools'
import { pgIntParam, safeJson, safeText } from './safe-text'
import { workspaceIdSchema } from './workspace-roles'

const agentId = safeText().min(1).max(100)
const agentName = safeText().trim().min(1, 'An agent needs a name.').max(200, 'An agent name can be at most 200 characters.')
const agentDescription = safeText().max(5000)
const versionNote = safeText().max(2000, 'A note can be at most 2000 characters.')
/** Write-only: kept sealed, never shown again (views say `hasApiKey`). */
const apiKey = safeText()
  .trim()
  .min(1, 'An API key cannot be empty: to remove the key, send null.')
  .max(4_000, 'An API key can be at most 4000 characters.')
  .regex(/^\S+$/, 'An API key has no spaces.')
/** The settings, with their defaults filled in; nothing Postgres' jsonb cannot hold. */
export const agentDefinitionSchema = safeJson(AgentSettingsSchema)
export type AgentDefinition = AgentSettings

export const agentIdParamsSchema = z.object({ id: agentId })
export const agentVersionParamsSchema = agentIdParamsSchema.extend({ version: pgIntParam })

/** POST /api/agents. Without a definition the agent starts from the defaults (named after the agent). */
export const createAgentRequestSchema = z.object({
  name: agentName,
  description: agentDescription.optional(),
  definition: agentDefinitionSchema.optional(),
  note: versionNote.optional(),
  /** The agent's own key for OpenAI or its OpenAI-compatible server, preferred to the server's. */
  apiKey: apiKey.nullable().optional(),
  /** Where to make it (editor there); default: your personal workspace. */
  workspaceId: workspaceIdSchema.optional(),
})
export type CreateAgentRequest = z.input<typeof createAgentRequestSchema>

/** PATCH /api/agents/:id: what needs no new version. `apiKey`: a key replaces the one kept, null removes it. */
export const updateAgentRequestSchema = z
  .object({
    name: agentName.optional(),
    description: agentDescription.optional(),
    apiKey: apiKey.nullable().optional(),
    /** Offer it as a tool at /mcp, or stop offering it. */
    mcpTool: mcpToolSettingSchema.optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.description !== undefined || body.apiKey !== undefined || body.mcpTool !== undefined,
    'Nothing to update: give a name, a description, an API key or mcpTool.',
  )
export type UpdateAgentRequest = z.input<typeof updateAgentRequestSchema>

/**
 * POST /api/agents/:id/versions. `baseVersion` (or `If-Match`) is the version the definition was
 * edited from and is required: a save from an older version answers 409 `stale_version`.
 */
export const createAgentVersionRequestSchema = z.object({
  definition: agentDefinitionSchema,
  note: versionNote.optional(),
  baseVersion: baseVersionSchema.optional(),
})
export type CreateAgentVersionRequest = z.input<typeof createAgentVersionRequestSchema>

/** One row of GET /api/agents. */
/** GET /api/agents: one workspace's only, when named. */
export const listAgentsQuerySchema = z.object({ workspaceId: workspaceIdSchema.optional() })

export const agentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  workspaceId: z.string().nullable(),
  /** Whether the agent has its own API key (the key itself is never shown). */
  hasApiKey: z.boolean(),
  /** The tool it is offered as at /mcp, or null. */
  mcpTool: mcpToolOfferSchema,
  latestVersion: z.number().int().nullable(),
  updatedAt: z.string(),
})
export type AgentSummary = z.infer<typeof agentSummarySchema>

export const agentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  workspaceId: z.string().nullable(),
  /** The tool it is offered as at /mcp, or null. */
  mcpTool: mcpToolOfferSchema,
  /** Whether the agent has its own API key (the key itself is never shown). */
  hasApiKey: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AgentView = z.infer<typeof agentSchema>

/** A saved version: its definition as stored, parsed again so that settings added since have their defaults. */
export const agentVersionSchema = z.object({
  version: z.number().int(),
  definition: AgentSettingsSchema,
  note: z.string(),
  createdAt: z.string(),
})
export type AgentVersionView = z.infer<typeof agentVersionSchema>

export const agentListResponseSchema = z.object({ agents: z.array(agentSummarySchema) })
export type AgentListResponse = z.infer<typeof agentListResponseSchema>

/** POST /api/agents: the agent and its first version. */
export const createdAgentResponseSchema = z.object({ agent: agentSchema, version: agentVersionSchema })
export type CreatedAgentResponse = z.infer<typeof createdAgentResponseSchema>

/** GET /api/agents/:id. */
export const agentResponseSchema = z.object({ agent: agentSchema, latestVersion: agentVersionSchema.nullable() })
export type AgentResponse = z.infer<typeof agentResponseSchema>

/** PATCH /api/agents/:id. */
export const updatedAgentResponseSchema = z.object({ agent: agentSchema })
export type UpdatedAgentResponse = z.infer<typeof updatedAgentResponseSchema>

/** DELETE /api/agents/:id. */
export const deletedAgentResponseSchema = z.object({ deleted: z.object({ id: z.string() }) })
export type DeletedAgentResponse = z.infer<typeof deletedAgentResponseSchema>

export const agentVersionListResponseSchema = z.object({ versions: z.array(agentVersionSchema) })
export type AgentVersionListResponse = z.infer<typeof agentVersionListResponseSchema>

/** GET /api/agents/:id/versions/:version and POST /api/agents/:id/versions. */
export const agentVersionResponseSchema = z.object({ version: agentVersionSchema })
export type AgentVersionResponse = z.infer<typeof agentVersionResponseSchema>

/** GET /api/file-roots?root=&folder=: the query. */
export const fileRootQuerySchema = z.object({
  root: safeText().min(1).max(4_000).optional(),
  folder: safeText().max(1_000).optional(),
})

/** GET /api/file-roots: the roots the admin allows (AGENTLOOM_FILE_ROOTS) and, under `root`, the subfolders of `folder`. */
export const fileRootListingSchema = z.object({
  roots: z.array(z.string()),
  /** The folders directly inside `folder` of `root` (when a root was asked for). */
  folders: z.array(z.string()),
})
export type FileRootListing = z.infer<typeof fileRootListingSchema>
