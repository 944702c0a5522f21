import { agentIdParamsSchema, createAgentVersionRequestSchema } from '@/lib/contracts/agents'
import { authenticatedRoute, json, parseBody, parseWith } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(agentIdParamsSchema, params, 'path')
  const { agents } = await getServices()
  return json(await agents.listVersions(principal, id))
})

export const POST = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(agentIdParamsSchema, params, 'path')
  const body = await parseBody(request, createAgentVersionRequestSchema)
  const { agents } = await getServices()
  return json(await agents.createVersion(principal, id, body), 201)
})
