import {
  mcpServerIdParamsSchema,
  mcpServerResponseSchema,
  removedMcpServerSchema,
  savedMcpServerResponseSchema,
  updateMcpServerRequestSchema,
  type McpServerResponse,
  type SavedMcpServerResponse,
} from '@/lib/contracts/mcp-servers'
import { defineRoute, ok } from '@/lib/server/define-route'
import { saveBase } from '@/lib/server/save-base'

/** The server with its configuration and secret key names, and the workflows that use it. */
export const GET = defineRoute({
  method: 'GET',
  path: '/api/mcp-servers/[id]',
  access: 'owned',
  summary: 'Read an MCP server and the workflows that reference it',
  tag: 'mcp-servers',
  params: mcpServerIdParamsSchema,
  responses: ok(mcpServerResponseSchema),
  etag: ({ server }: McpServerResponse) => server.version,
  handler: async ({ principal, services: { mcpServers }, params: { id } }) => {
    const server = await mcpServers.get(principal, id)
    return { server, referencedBy: await mcpServers.references(principal, id) } satisfies McpServerResponse
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
  summary: 'Change an MCP server (secrets by key; values are never answered)',
  tag: 'mcp-servers',
  params: mcpServerIdParamsSchema,
  body: updateMcpServerRequestSchema,
  example: () => ({ name: 'Fuzzed', secrets: { headers: { 'x-key': 'v' } }, baseVersion: 1 }),
  responses: ok(savedMcpServerResponseSchema),
  errors: [403, 409],
  saveBase: 'required',
  etag: ({ server }: SavedMcpServerResponse) => server.version,
  handler: async ({ principal, services: { mcpServers }, params: { id }, body: { baseVersion, ...patch }, request }) =>
    ({ server: await mcpServers.update(principal, id, patch, saveBase(request, baseVersion)) }) satisfies SavedMcpServerResponse,
})

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/mcp-servers/[id]',
  access: 'owned',
  summary: 'Remove an MCP server',
  tag: 'mcp-servers',
  params: mcpServerIdParamsSchema,
  responses: ok(removedMcpServerSchema),
  errors: [409],
  handler: ({ principal, services: { mcpServers }, params: { id } }) => mcpServers.remove(principal, id),
})
