import { workflowVersionParamsSchema } from '@/lib/contracts/workflows'
import { json, parseWith, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ id: string; version: string }>(async (_request, raw, principal) => {
  const { id, version } = parseWith(workflowVersionParamsSchema, raw, 'path')
  const { workflows } = await getServices()
  return json(await workflows.getVersion(principal, id, version))
})
