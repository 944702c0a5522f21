import { publicAgentSchema, publicationTokenParams } from '@/lib/contracts/publications'
import { defineRoute, ok } from '@/lib/server/define-route'
import { notFound } from '@/lib/server/domain-errors'
import { visitorAddress } from '@/lib/server/publications/visitor-chat'

/** The published agent's name and description. No sign-in: the token is the permission (visitor-chat.ts). */
export const GET = defineRoute({
  method: 'GET',
  path: '/api/public/chat/[token]',
  access: 'public',
  summary: 'The published agent behind a token: its name and description',
  tag: 'publishing',
  params: publicationTokenParams,
  // A malformed token is as unknown as a wrong one: 404, so probing learns nothing.
  invalidParams: () => notFound('Published agent'),
  responses: ok(publicAgentSchema),
  errors: [429],
  headers: { 'cache-control': 'no-store' },
  handler: async ({ services, params, request }) => services.visitorChat.agent(await services.visitorChat.open(params.token, visitorAddress(request))),
})
