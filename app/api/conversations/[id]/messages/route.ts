import { conversationIdParams, messagesQuery, sendMessageBody, type SentMessage } from '@/lib/contracts/conversations'
import { authenticatedRoute, json, parseBody, parseQuery, parseWith } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(conversationIdParams, params, 'path')
  const page = parseQuery(request, messagesQuery)
  const { conversations } = await getServices()
  return json(await conversations.messages(principal, id, page))
})

/** Queues the reply (a turn); follow it at `/api/runs/:runId/events`. */
export const POST = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(conversationIdParams, params, 'path')
  const { text } = await parseBody(request, sendMessageBody)
  const { conversations } = await getServices()
  return json((await conversations.send(principal, id, text, { runNow: true })) satisfies SentMessage, 202)
})
