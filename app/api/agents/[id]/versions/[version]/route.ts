import { agentVersionParamsSchema } from '@/lib/contracts/agents'
import { authenticatedRoute, json, parseWith } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ id: string; version: string }>(async (_request, raw, principal) => {
  const { id, version } = parseWith(agentVersionParamsSchema, raw, 'path')
  const { agents } = await getServices()
  return json(await agents.getVersion(principal, id, version))
})
