import { json, parseBody, parseWith, route } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'
import { updateWorkflowBody, workflowIdParams } from '@/lib/server/workflows/workflow-contracts'

export const GET = route<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(workflowIdParams, params, 'path')
  const { workflows } = await getServices()
  return json(await workflows.get(principal, id))
})

export const PATCH = route<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(workflowIdParams, params, 'path')
  const body = await parseBody(request, updateWorkflowBody)
  const { workflows } = await getServices()
  return json(await workflows.update(principal, id, body))
})
