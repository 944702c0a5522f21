import { createAgentRequestSchema } from '@/lib/contracts/agents'
import { authenticatedRoute, json, parseBody } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute(async (_request, _params, principal) => {
  const { agents } = await getServices()
  return json(await agents.list(principal))
})

export const POST = authenticatedRoute(async (request, _params, principal) => {
  const body = await parseBody(request, createAgentRequestSchema)
  const { agents } = await getServices()
  return json(await agents.create(principal, body), 201)
})
