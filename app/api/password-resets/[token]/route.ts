import { okResponseSchema, oneTimeTokenParamsSchema, passwordResetRequestSchema } from '@/lib/contracts/accounts'
import { defineRoute, ok } from '@/lib/server/define-route'

export const POST = defineRoute({
  method: 'POST',
  path: '/api/password-resets/[token]',
  access: 'public',
  summary: 'Set a new password with a reset link',
  tag: 'access',
  params: oneTimeTokenParamsSchema,
  body: passwordResetRequestSchema,
  responses: ok(okResponseSchema),
  handler: async ({ services, params, body }) => {
    await services.oneTimeLinks.resetPassword(params.token, body.password)
    return { ok: true }
  },
})
