import { changePasswordRequestSchema, okResponseSchema } from '@/lib/contracts/accounts'
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
    await services.users.changeOwnPassword(principal, currentPassword, newPassword)
    return { ok: true }
  },
})
