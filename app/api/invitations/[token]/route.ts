import { acceptInvitationRequestSchema, invitationViewSchema, oneTimeTokenParamsSchema, userResponseSchema } from '@/lib/contracts/accounts'
import { signInAndRespond } from '@/lib/server/auth/sign-in'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/invitations/[token]',
  access: 'public',
  summary: 'Whom an invitation is for',
  tag: 'access',
  params: oneTimeTokenParamsSchema,
  responses: ok(invitationViewSchema),
  handler: ({ services, params }) => services.oneTimeLinks.invitation(params.token),
})

// Accepting creates the invited account and signs its person in.
export const POST = defineRoute({
  method: 'POST',
  path: '/api/invitations/[token]',
  access: 'public',
  summary: 'Accept an invitation: create the account (signs in)',
  tag: 'access',
  params: oneTimeTokenParamsSchema,
  body: acceptInvitationRequestSchema,
  responses: created(userResponseSchema),
  errors: [409],
  handler: async ({ services, params, body, request }) => {
    const user = await services.oneTimeLinks.acceptInvitation(params.token, body)
    return signInAndRespond(services.app.auth, request, { email: user.email, password: body.password }, { user }, 201)
  },
})
