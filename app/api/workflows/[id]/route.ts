import { updateWorkflowRequestSchema, workflowIdParamsSchema } from '@/lib/contracts/workflows'
import { json, parseBody, parseWith, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(workflowIdParamsSchema, params, 'path')
  const { workflows } = await getServices()
  return json(await workflows.get(principal, id))
})

export const PATCH = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(workflowIdParamsSchema, params, 'path')
  const body = await parseBody(request, updateWorkflowRequestSchema)
  const { workflows } = await getServices()
  return json(await workflows.update(principal, id, body))
})
