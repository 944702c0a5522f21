import { createMcpServerRequestSchema, type McpServerListResponse, type SavedMcpServerResponse } from '@/lib/contracts/mcp-servers'
import { json, parseBody, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

/** The servers the caller may see, and whether they may add stdio servers (`stdio`: StdioAccess). */
export const GET = authenticatedRoute(async (_request, _params, principal) => {
  const { mcpServers } = await getServices()
  return json({ servers: await mcpServers.list(principal), stdio: mcpServers.stdioAccess(principal) } satisfies McpServerListResponse)
})

export const POST = authenticatedRoute(async (request, _params, principal) => {
  const body = await parseBody(request, createMcpServerRequestSchema)
  const { mcpServers } = await getServices()
  return json({ server: await mcpServers.create(principal, body) } satisfies SavedMcpServerResponse, 201)
})
