import { agentIdParamsSchema, createAgentVersionRequestSchema } from '@/lib/contracts/agents'
import { authenticatedRoute, json, parseBody, parseWith } from '@/lib/server/http'
import { saveBase, withEtag } from '@/lib/server/save-base'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(agentIdParamsSchema, params, 'path')
  const { agents } = await getServices()
  return json(await agents.listVersions(principal, id))
})

export const POST = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(agentIdParamsSchema, params, 'path')
  const { baseVersion, ...body } = await parseBody(request, createAgentVersionRequestSchema)
  const base = saveBase(request, baseVersion)
  const { agents } = await getServices()
  const saved = await agents.createVersion(principal, id, body, base)
  return withEtag(json(saved, 201), saved.version.version)
})
