import {
  mcpServerIdParamsSchema,
  mcpServerResponseSchema,
  removedMcpServerSchema,
  savedMcpServerResponseSchema,
  updateMcpServerRequestSchema,
  type McpServerResponse,
  type SavedMcpServerResponse,
} from '@/lib/contracts/mcp-servers'
import { inWorkspaceQuerySchema } from '@/lib/contracts/workspace-roles'
import { defineRoute, ok } from '@/lib/server/define-route'
import { saveBase } from '@/lib/server/save-base'

/** The server with its configuration and secret key names, and the workflows that use it. */
export const GET = defineRoute({
  method: 'GET',
  path: '/api/mcp-servers/[id]',
  access: 'owned',
  workspace: { resource: 'mcp_server', role: 'viewer' },
  summary: 'Read an MCP server and the workflows that reference it',
  tag: 'mcp-servers',
  params: mcpServerIdParamsSchema,
  query: inWorkspaceQuerySchema,
  responses: ok(mcpServerResponseSchema),
  etag: ({ server }: McpServerResponse) => server.version,
  handler: async ({ principal, services: { mcpServers }, params: { id }, query: { workspaceId } }) => {
    const server = await mcpServers.get(principal, id, workspaceId)
    return { server, referencedBy: await mcpServers.references(principal, id, workspaceId) } satisfies McpServerResponse
  },
})

/**
 * 409 `confirm_required` (details.affected) when what a used server runs or where it connects changes without `confirm: true`;
 * 409 `stale_version` when the server was saved again since `baseVersion` (or `If-Match`).
 */
export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/mcp-servers/[id]',
  access: 'owned',
  workspace: { resource: 'mcp_server', role: 'editor' },
  summary: 'Change an MCP server (secrets by key; values are never answered)',
  tag: 'mcp-servers',
  params: mcpServerIdParamsSchema,
  query: inWorkspaceQuerySchema,
  body: updateMcpServerRequestSchema,
  example: () => ({ name: 'Fuzzed', secrets: { headers: { 'x-key': 'v' } }, baseVersion: 1 }),
  responses: ok(savedMcpServerResponseSchema),
  errors: [403, 409],
  saveBase: 'required',
  etag: ({ server }: SavedMcpServerResponse) => server.version,
  handler: async ({ principal, services: { mcpServers }, params: { id }, query: { workspaceId }, body: { baseVersion, ...patch }, request }) =>
    ({ server: await mcpServers.update(principal, id, patch, saveBase(request, baseVersion), workspaceId) }) satisfies SavedMcpServerResponse,
})

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/mcp-servers/[id]',
  access: 'owned',
  workspace: { resource: 'mcp_server', role: 'editor' },
  summary: 'Remove an MCP server',
  tag: 'mcp-servers',
  params: mcpServerIdParamsSchema,
  query: inWorkspaceQuerySchema,
  responses: ok(removedMcpServerSchema),
  errors: [409],
  handler: ({ principal, services: { mcpServers }, params: { id }, query: { workspaceId } }) => mcpServers.remove(principal, id, workspaceId),
})
