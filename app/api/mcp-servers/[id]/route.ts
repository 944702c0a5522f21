import { json, parseBody, parseWith, route } from '@/lib/server/http'
import { serverIdParams, updateServerBody } from '@/lib/server/mcp/mcp-server-contracts'
import { getServices } from '@/lib/server/services'

/** The server with its configuration and secret key names, and the workflows that use it. */
export const GET = route<{ id: string }>(async (_request, params) => {
  const { id } = parseWith(serverIdParams, params, 'path')
  const { mcpServers } = await getServices()
  const server = await mcpServers.get(id)
  return json({ server, referencedBy: await mcpServers.references(id) })
})

export const PATCH = route<{ id: string }>(async (request, params) => {
  const { id } = parseWith(serverIdParams, params, 'path')
  const body = await parseBody(request, updateServerBody)
  const { mcpServers } = await getServices()
  return json({ server: await mcpServers.update(id, body) })
})

export const DELETE = route<{ id: string }>(async (_request, params) => {
  const { id } = parseWith(serverIdParams, params, 'path')
  const { mcpServers } = await getServices()
  return json(await mcpServers.remove(id))
})
