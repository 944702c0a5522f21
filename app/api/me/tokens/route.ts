import { apiTokenListResponseSchema, createApiTokenRequestSchema, createdApiTokenResponseSchema } from '@/lib/contracts/accounts'
import type { WorkspaceRole } from '@/lib/contracts/workspace-roles'
import { canSee, type Principal } from '@/lib/server/auth/principal'
import { created, defineRoute, ok } from '@/lib/server/define-route'
import { DomainError } from '@/lib/server/domain-errors'

/** A token limited to a workspace the caller belongs to (one they cannot see: 404); it never gets more than their role there. */
function limitFor(principal: Principal, workspaceId: string, role: WorkspaceRole | undefined) {
  if (!canSee(principal, workspaceId)) throw new DomainError('not_found', `Workspace '${workspaceId}' not found.`)
  return { workspaceId, role }
}

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
  errors: [404],
  responses: created(createdApiTokenResponseSchema),
  handler: async ({ principal, services, body }) => {
    const limit = body.workspaceId === undefined ? undefined : limitFor(principal, body.workspaceId, body.role)
    const { token, apiToken } = await services.apiTokens.create(principal.userId, body.name, limit)
    return { token, apiToken }
  },
})
