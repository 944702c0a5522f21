import { changePasswordRequestSchema, okResponseSchema } from '@/lib/contracts/accounts'
import { changeOwnPassword } from '@/lib/server/auth/credentials'
import { defineRoute, ok } from '@/lib/server/define-route'

export const POST = defineRoute({
  method: 'POST',
  path: '/api/me/password',
  access: 'anyone',
  summary: 'Change your password',
  tag: 'account',
  body: changePasswordRequestSchema,
  responses: ok(okResponseSchema),
  handler: async ({ principal, services, body: { currentPassword, newPassword } }) => {
    await changeOwnPassword(services.app.auth, principal.userId, currentPassword, newPassword, principal.sessionId)
    return { ok: true }
  },
})
