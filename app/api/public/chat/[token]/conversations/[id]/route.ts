import { visitorConversationDetailSchema, visitorConversationParams, visitorQuery } from '@/lib/contracts/publications'
import { defineRoute, ok } from '@/lib/server/define-route'
import { notFound } from '@/lib/server/domain-errors'
import { visitorAddress } from '@/lib/server/publications/visitor-chat'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/public/chat/[token]/conversations/[id]',
  access: 'public',
  summary: "A visitor's conversation: the words said, and the reply still being written (another visitor's: 404)",
  tag: 'publishing',
  params: visitorConversationParams,
  invalidParams: () => notFound('Conversation'),
  query: visitorQuery,
  responses: ok(visitorConversationDetailSchema),
  errors: [429],
  headers: { 'cache-control': 'no-store' },
  handler: async ({ services, params, query, request }) =>
    services.visitorChat.get(await services.visitorChat.open(params.token, visitorAddress(request)), query.visitor, params.id),
})
