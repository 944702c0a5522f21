import { json, parseBody, parseWith, route } from '@/lib/server/http'
import { serverIdParams, updateServerBody } from '@/lib/server/mcp/mcp-server-contracts'
import { getServices } from '@/lib/server/services'

/** The server with its configuration and secret key names, and the workflows that use it. */
export const GET = route<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(serverIdParams, params, 'path')
  const { mcpServers } = await getServices()
  const server = await mcpServers.get(principal, id)
  return json({ server, referencedBy: await mcpServers.references(principal, id) })
})

/** 409 `confirm_required` (details.affected) when what a used server runs or where it connects changes without `confirm: true`. */
export const PATCH = route<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(serverIdParams, params, 'path')
  const body = await parseBody(request, updateServerBody)
  const { mcpServers } = await getServices()
  return json({ server: await mcpServers.update(principal, id, body) })
})

export const DELETE = route<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(serverIdParams, params, 'path')
  const { mcpServers } = await getServices()
  return json(await mcpServers.remove(principal, id))
})
