import { accountIdParamsSchema, oneTimeLinkViewSchema, type OneTimeLinkView } from '@/lib/contracts/accounts'
import { oneTimeLink } from '@/lib/server/auth/one-time-links'
import { requestBaseUrl } from '@/lib/server/auth/public-url'
import { created, defineRoute } from '@/lib/server/define-route'

// The link is in this response only: the admin passes it on to the person.
export const POST = defineRoute({
  method: 'POST',
  path: '/api/admin/users/[id]/password-reset',
  access: 'admin',
  summary: 'Create a one-time password-reset link for a user',
  tag: 'admin',
  params: accountIdParamsSchema,
  responses: created(oneTimeLinkViewSchema),
  handler: async ({ principal, services, params, request }) => {
    const { token, expiresAt } = await services.userAdmin.issuePasswordReset(principal, params.id)
    return { link: oneTimeLink(requestBaseUrl(request), 'password_reset', token), expiresAt: expiresAt.toISOString() } satisfies OneTimeLinkView
  },
})
