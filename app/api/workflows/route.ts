import { json, parseBody, route } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'
import { createWorkflowBody } from '@/lib/server/workflows/workflow-contracts'

export const GET = route(async () => {
  const { workflows } = await getServices()
  return json({ workflows: await workflows.list() })
})

export const POST = route(async (request) => {
  const body = await parseBody(request, createWorkflowBody)
  const { workflows } = await getServices()
  return json(await workflows.create(body), 201)
})
