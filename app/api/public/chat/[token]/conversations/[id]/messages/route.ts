import { visitorConversationParams, visitorMessageBody, visitorSentSchema } from '@/lib/contracts/publications'
import { defineRoute } from '@/lib/server/define-route'
import { notFound } from '@/lib/server/domain-errors'
import { visitorAddress } from '@/lib/server/publications/visitor-chat'

/** Queues the reply; follow it at `.../turns/:runId/events`. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/public/chat/[token]/conversations/[id]/messages',
  access: 'public',
  summary: "Send a visitor's message: queues the agent's reply (409 while one is written; 429 past the rate limit or the daily token budget)",
  tag: 'publishing',
  params: visitorConversationParams,
  invalidParams: () => notFound('Conversation'),
  body: visitorMessageBody,
  example: () => ({ visitorId: 'fuzz-visitor-0123456789ab', text: 'hello' }),
  responses: { 202: { description: 'Queued', schema: visitorSentSchema } },
  errors: [409, 429],
  headers: { 'cache-control': 'no-store' },
  handler: async ({ services, params, request, body }) =>
    services.visitorChat.send(await services.visitorChat.open(params.token, visitorAddress(request)), body.visitorId, params.id, body.text),
})
