import { apiTokenListResponseSchema, createApiTokenRequestSchema, createdApiTokenResponseSchema } from '@/lib/contracts/accounts'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/me/tokens',
  access: 'anyone',
  summary: 'List your API tokens',
  tag: 'account',
  responses: ok(apiTokenListResponseSchema),
  handler: async ({ principal, services }) => ({ tokens: await services.apiTokens.list(principal.userId) }),
})

// The token itself is in this response only; afterwards only its name and prefix are shown.
export const POST = defineRoute({
  method: 'POST',
  path: '/api/me/tokens',
  access: 'anyone',
  summary: 'Create an API token (the token is answered this once)',
  tag: 'account',
  body: createApiTokenRequestSchema,
  example: () => ({ name: 'fuzzed' }),
  responses: created(createdApiTokenResponseSchema),
  handler: async ({ principal, services, body }) => {
    const { token, apiToken } = await services.apiTokens.create(principal.userId, body.name)
    return { token, apiToken }
  },
})
