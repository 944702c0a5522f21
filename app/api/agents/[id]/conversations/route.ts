import { agentIdParamsSchema } from '@/lib/contracts/agents'
import { createConversationBody } from '@/lib/contracts/conversations'
import { authenticatedRoute, json, parseBody, parseWith } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(agentIdParamsSchema, params, 'path')
  const { conversations } = await getServices()
  return json(await conversations.list(principal, id))
})

export const POST = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(agentIdParamsSchema, params, 'path')
  const body = await parseBody(request, createConversationBody)
  const { conversations } = await getServices()
  return json(await conversations.create(principal, id, body), 201)
})
