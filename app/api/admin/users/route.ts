import { userListResponseSchema } from '@/lib/contracts/accounts'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/admin/users',
  access: 'admin',
  summary: 'List users',
  tag: 'admin',
  responses: ok(userListResponseSchema),
  handler: async ({ services }) => ({ users: await services.userAdmin.list() }),
})
