import {
  createMcpServerRequestSchema,
  mcpServerListResponseSchema,
  savedMcpServerResponseSchema,
  type McpServerListResponse,
  type SavedMcpServerResponse,
} from '@/lib/contracts/mcp-servers'
import { inWorkspaceQuerySchema } from '@/lib/contracts/workspace-roles'
import { created, defineRoute, ok } from '@/lib/server/define-route'

/** The servers the caller may see, and whether they may add stdio servers (`stdio`: StdioAccess). */
export const GET = defineRoute({
  method: 'GET',
  path: '/api/mcp-servers',
  access: 'list',
  summary: 'List MCP servers',
  tag: 'mcp-servers',
  query: inWorkspaceQuerySchema,
  responses: ok(mcpServerListResponseSchema),
  handler: async ({ principal, services: { mcpServers }, query }) =>
    ({ servers: await mcpServers.list(principal, query.workspaceId), stdio: mcpServers.stdioAccess(principal) }) satisfies McpServerListResponse,
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/mcp-servers',
  access: 'anyone',
  workspace: { resource: 'workspace', role: 'editor' },
  summary: 'Add an MCP server',
  tag: 'mcp-servers',
  query: inWorkspaceQuerySchema,
  body: createMcpServerRequestSchema,
  example: () => ({ id: 'fuzzed', name: 'Fuzzed', transport: 'http' as const, config: { url: 'http://127.0.0.1:9/mcp' } }),
  responses: created(savedMcpServerResponseSchema),
  errors: [403, 409],
  handler: async ({ principal, services: { mcpServers }, body, query }) =>
    ({ server: await mcpServers.create(principal, body, query.workspaceId) }) satisfies SavedMcpServerResponse,
})
