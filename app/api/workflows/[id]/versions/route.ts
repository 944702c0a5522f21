import { createVersionRequestSchema, workflowIdParamsSchema } from '@/lib/contracts/workflows'
import { json, parseBody, parseWith, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(workflowIdParamsSchema, params, 'path')
  const { workflows } = await getServices()
  return json(await workflows.listVersions(principal, id))
})

export const POST = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(workflowIdParamsSchema, params, 'path')
  const { graph, note } = await parseBody(request, createVersionRequestSchema)
  const { workflows } = await getServices()
  return json(await workflows.createVersion(principal, id, graph, note), 201)
})
