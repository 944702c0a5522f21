import { json, parseBody, route } from '@/lib/server/http'
import { createServerBody } from '@/lib/server/mcp/mcp-server-contracts'
import { getServices } from '@/lib/server/services'

export const GET = route(async () => {
  const { mcpServers } = await getServices()
  return json({ servers: await mcpServers.list() })
})

export const POST = route(async (request) => {
  const body = await parseBody(request, createServerBody)
  const { mcpServers } = await getServices()
  return json({ server: await mcpServers.create(body) }, 201)
})
