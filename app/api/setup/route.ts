import { setupRequestSchema, userResponseSchema } from '@/lib/contracts/accounts'
import { signInAndRespond } from '@/lib/server/auth/sign-in'
import { created, defineRoute } from '@/lib/server/define-route'

// The first admin, from the one-time setup link the server printed; then signed in.
export const POST = defineRoute({
  method: 'POST',
  path: '/api/setup',
  access: 'public',
  summary: 'Create the first admin with the setup token the server printed (signs in)',
  tag: 'access',
  body: setupRequestSchema,
  example: () => ({ token: 'x', name: 'A', email: 'a@example.test', password: 'long enough passphrase' }),
  responses: created(userResponseSchema),
  errors: [409],
  handler: async ({ services, body: { token, ...input }, request }) => {
    const user = await services.users.completeSetup(token, input)
    return signInAndRespond(services.app.auth, request, { email: user.email, password: input.password }, { user }, 201)
  },
})
