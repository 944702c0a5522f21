import { createWorkflowRequestSchema, type WorkflowListResponse } from '@/lib/contracts/workflows'
import { json, parseBody, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute(async (_request, _params, principal) => {
  const { workflows } = await getServices()
  return json({ workflows: await workflows.list(principal) } satisfies WorkflowListResponse)
})

export const POST = authenticatedRoute(async (request, _params, principal) => {
  const body = await parseBody(request, createWorkflowRequestSchema)
  const { workflows } = await getServices()
  return json(await workflows.create(principal, body), 201)
})
