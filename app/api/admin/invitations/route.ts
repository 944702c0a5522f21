import { inviteRequestSchema, oneTimeLinkViewSchema, type OneTimeLinkView } from '@/lib/contracts/accounts'
import { oneTimeLink } from '@/lib/server/auth/one-time-links'
import { requestBaseUrl } from '@/lib/server/auth/public-url'
import { created, defineRoute } from '@/lib/server/define-route'

// The link is in this response only: the admin passes it on to the person.
export const POST = defineRoute({
  method: 'POST',
  path: '/api/admin/invitations',
  access: 'admin',
  summary: 'Invite someone (a one-time link)',
  tag: 'admin',
  body: inviteRequestSchema,
  example: () => ({ email: 'someone@example.test', role: 'member' as const }),
  responses: created(oneTimeLinkViewSchema),
  errors: [409],
  handler: async ({ principal, services, body, request }) => {
    const { token, expiresAt } = await services.userAdmin.invite(principal, body)
    return { link: oneTimeLink(requestBaseUrl(request), 'invite', token), expiresAt: expiresAt.toISOString() } satisfies OneTimeLinkView
  },
})
