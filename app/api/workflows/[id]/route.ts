import { deleteWorkflowQuerySchema, updateWorkflowRequestSchema, workflowIdParamsSchema } from '@/lib/contracts/workflows'
import { json, parseBody, parseQuery, parseWith, authenticatedRoute } from '@/lib/server/http'
import { withEtag } from '@/lib/server/save-base'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(workflowIdParamsSchema, params, 'path')
  const { workflows } = await getServices()
  const found = await workflows.get(principal, id)
  return withEtag(json(found), found.latestVersion?.version ?? 0)
})

export const PATCH = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(workflowIdParamsSchema, params, 'path')
  const body = await parseBody(request, updateWorkflowRequestSchema)
  const { workflows } = await getServices()
  return json(await workflows.update(principal, id, body))
})

export const DELETE = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(workflowIdParamsSchema, params, 'path')
  const { runs } = parseQuery(request, deleteWorkflowQuerySchema)
  const { workflows } = await getServices()
  return json(await workflows.delete(principal, id, runs))
})
