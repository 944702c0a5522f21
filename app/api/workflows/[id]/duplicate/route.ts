import { duplicateWorkflowRequestSchema, workflowIdParamsSchema } from '@/lib/contracts/workflows'
import { json, parseBody, parseWith, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const POST = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(workflowIdParamsSchema, params, 'path')
  const body = await parseBody(request, duplicateWorkflowRequestSchema)
  const { workflows } = await getServices()
  return json(await workflows.duplicate(principal, id, body), 201)
})
