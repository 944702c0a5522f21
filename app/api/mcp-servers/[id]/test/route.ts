import { mcpServerIdParamsSchema, mcpTestResultSchema } from '@/lib/contracts/mcp-servers'
import { inWorkspaceQuerySchema } from '@/lib/contracts/workspace-roles'
import { defineRoute, ok } from '@/lib/server/define-route'

/** Connects to the saved server, lists its tools, closes: `{ ok, tools, error? }` (a failed connection is still a 200). */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/mcp-servers/[id]/test',
  access: 'owned',
  workspace: { resource: 'mcp_server', role: 'runner' },
  summary: 'Connect to an MCP server and list its tools',
  tag: 'mcp-servers',
  params: mcpServerIdParamsSchema,
  query: inWorkspaceQuerySchema,
  responses: ok(mcpTestResultSchema),
  errors: [403],
  handler: ({ principal, services: { mcpServers }, params: { id }, query: { workspaceId } }) => mcpServers.test(principal, id, { workspaceId }),
})
