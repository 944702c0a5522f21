import { accountIdParamsSchema, updateUserRequestSchema, userResponseSchema } from '@/lib/contracts/accounts'
import { defineRoute, ok } from '@/lib/server/define-route'

export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/admin/users/[id]',
  access: 'admin',
  summary: "Change a user's role, or disable them",
  tag: 'admin',
  params: accountIdParamsSchema,
  body: updateUserRequestSchema,
  responses: ok(userResponseSchema),
  errors: [409],
  handler: async ({ principal, services, params, body }) => ({ user: await services.userAdmin.update(principal, params.id, body) }),
})
