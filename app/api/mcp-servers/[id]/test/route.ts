import { mcpServerIdParamsSchema, mcpTestResultSchema } from '@/lib/contracts/mcp-servers'
import { defineRoute, ok } from '@/lib/server/define-route'

/** Connects to the saved server, lists its tools, closes: `{ ok, tools, error? }` (a failed connection is still a 200). */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/mcp-servers/[id]/test',
  access: 'owned',
  summary: 'Connect to an MCP server and list its tools',
  tag: 'mcp-servers',
  params: mcpServerIdParamsSchema,
  responses: ok(mcpTestResultSchema),
  errors: [403],
  handler: ({ principal, services: { mcpServers }, params: { id } }) => mcpServers.test(principal, id),
})
