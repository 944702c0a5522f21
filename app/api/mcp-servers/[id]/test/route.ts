import { mcpServerIdParamsSchema } from '@/lib/contracts/mcp-servers'
import { json, parseWith, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

/** Connects to the saved server, lists its tools, closes: `{ ok, tools, error? }` (a failed connection is still a 200). */
export const POST = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(mcpServerIdParamsSchema, params, 'path')
  const { mcpServers } = await getServices()
  return json(await mcpServers.test(principal, id))
})
