import { agentIdParamsSchema, updateAgentRequestSchema } from '@/lib/contracts/agents'
import { authenticatedRoute, json, parseBody, parseWith } from '@/lib/server/http'
import { withEtag } from '@/lib/server/save-base'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(agentIdParamsSchema, params, 'path')
  const { agents } = await getServices()
  const found = await agents.get(principal, id)
  return withEtag(json(found), found.latestVersion?.version ?? 0)
})

export const PATCH = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(agentIdParamsSchema, params, 'path')
  const body = await parseBody(request, updateAgentRequestSchema)
  const { agents } = await getServices()
  return json(await agents.update(principal, id, body))
})

export const DELETE = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(agentIdParamsSchema, params, 'path')
  const { agents } = await getServices()
  return json(await agents.delete(principal, id))
})
