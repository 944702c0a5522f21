import { json, parseBody, route } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'
import { createWorkflowBody } from '@/lib/server/workflows/workflow-contracts'

export const GET = route(async (_request, _params, principal) => {
  const { workflows } = await getServices()
  return json({ workflows: await workflows.list(principal) })
})

export const POST = route(async (request, _params, principal) => {
  const body = await parseBody(request, createWorkflowBody)
  const { workflows } = await getServices()
  return json(await workflows.create(principal, body), 201)
})
