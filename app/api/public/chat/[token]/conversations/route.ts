import { publicationTokenParams, startVisitorConversationBody, visitorConversationSchema } from '@/lib/contracts/publications'
import { created, defineRoute } from '@/lib/server/define-route'
import { notFound } from '@/lib/server/domain-errors'
import { visitorAddress } from '@/lib/server/publications/visitor-chat'

export const POST = defineRoute({
  method: 'POST',
  path: '/api/public/chat/[token]/conversations',
  access: 'public',
  summary: 'Start a conversation with a published agent, as a visitor (their random id, kept by their browser)',
  tag: 'publishing',
  params: publicationTokenParams,
  invalidParams: () => notFound('Published agent'),
  body: startVisitorConversationBody,
  example: () => ({ visitorId: 'fuzz-visitor-0123456789ab' }),
  responses: created(visitorConversationSchema),
  errors: [429],
  headers: { 'cache-control': 'no-store' },
  handler: async ({ services, params, request, body }) =>
    services.visitorChat.start(await services.visitorChat.open(params.token, visitorAddress(request)), body.visitorId),
})
