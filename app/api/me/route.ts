import { meViewSchema, type MeView } from '@/lib/contracts/accounts'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/me',
  access: 'anyone',
  summary: 'Who is signed in (or whose token this is)',
  tag: 'account',
  responses: ok(meViewSchema),
  handler: async ({ principal }) =>
    ({ id: principal.userId, email: principal.email, name: principal.name, role: principal.role, via: principal.via }) satisfies MeView,
})
