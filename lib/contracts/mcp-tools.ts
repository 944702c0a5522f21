/**
 * Offering a workflow or a saved agent as a tool of the app's MCP endpoint (`/mcp`): the setting a
 * PATCH of the workflow or agent changes, and how it shows in their views. Browser-safe.
 */
import { z } from 'zod'

/**
 * Tool names every MCP client takes: the spec allows up to 128 characters with dots, but desktop
 * clients and the model APIs they forward tools to accept only `^[a-zA-Z0-9_-]{1,64}$`.
 */
export const MCP_TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/
export const MCP_TOOL_NAME_MESSAGE = 'A tool name is 1 to 64 letters, digits, underscores or hyphens.'

export const mcpToolNameSchema = z.string().trim().regex(MCP_TOOL_NAME_PATTERN, MCP_TOOL_NAME_MESSAGE)

/** `mcpTool` of PATCH /api/workflows/:id and PATCH /api/agents/:id. Without a name, a slug of the workflow's or agent's name. */
export const mcpToolSettingSchema = z.object({
  offered: z.boolean(),
  name: mcpToolNameSchema.optional(),
})
export type McpToolSetting = z.input<typeof mcpToolSettingSchema>

/** How a workflow or agent is offered at /mcp: null when it is not. */
export const mcpToolOfferSchema = z.object({ name: z.string() }).nullable()
export type McpToolOffer = z.infer<typeof mcpToolOfferSchema>

/** A tool name made from a workflow's or agent's name: lower case, runs of anything else as one underscore. */
export function mcpToolSlug(name: string, fallback = 'tool'): string {
  const slug = name
    .normalize('NFKD')
    // Accents go (é → e) rather than becoming separators.
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '')
    .slice(0, 64)
    .replace(/[_-]+$/, '')
  return slug || fallback
}
