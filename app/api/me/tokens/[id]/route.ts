import { accountIdParamsSchema } from '@/lib/contracts/accounts'
import { defineRoute } from '@/lib/server/define-route'
import { notFound } from '@/lib/server/domain-errors'

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/me/tokens/[id]',
  access: 'owned',
  summary: 'Revoke an API token',
  tag: 'account',
  params: accountIdParamsSchema,
  responses: { 204: { description: 'Revoked' } },
  handler: async ({ principal, services, params: { id } }) => {
    if (!(await services.apiTokens.revoke(principal.userId, id))) throw notFound('API token', id)
  },
})
