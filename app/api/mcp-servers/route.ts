import { json, parseBody, route } from '@/lib/server/http'
import { createServerBody } from '@/lib/server/mcp/mcp-server-contracts'
import { getServices } from '@/lib/server/services'

/** The servers the caller may see, and whether they may add stdio servers (`stdio`: StdioAccess). */
export const GET = route(async (_request, _params, principal) => {
  const { mcpServers } = await getServices()
  return json({ servers: await mcpServers.list(principal), stdio: mcpServers.stdioAccess(principal) })
})

export const POST = route(async (request, _params, principal) => {
  const body = await parseBody(request, createServerBody)
  const { mcpServers } = await getServices()
  return json({ server: await mcpServers.create(principal, body) }, 201)
})
