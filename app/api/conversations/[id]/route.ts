import { conversationIdParams, updateConversationBody } from '@/lib/contracts/conversations'
import { authenticatedRoute, json, parseBody, parseWith } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(conversationIdParams, params, 'path')
  const { conversations } = await getServices()
  return json(await conversations.get(principal, id))
})

export const PATCH = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(conversationIdParams, params, 'path')
  const changes = await parseBody(request, updateConversationBody)
  const { conversations } = await getServices()
  return json(await conversations.update(principal, id, changes))
})

export const DELETE = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(conversationIdParams, params, 'path')
  const { conversations } = await getServices()
  await conversations.delete(principal, id)
  return new Response(null, { status: 204 })
})
