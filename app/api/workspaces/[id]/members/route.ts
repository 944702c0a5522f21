import { addWorkspaceMemberRequestSchema, workspaceMemberListSchema, workspaceMemberResponseSchema, workspaceParamsSchema } from '@/lib/contracts/workspaces'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workspaces/[id]/members',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'viewer' },
  summary: 'List a workspace’s members and their roles',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  responses: ok(workspaceMemberListSchema),
  handler: async ({ principal, services, params }) => ({ members: await services.workspaces.members(principal, params.id) }),
})

/** 404 for an address with no account; 409 `member_exists`. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/workspaces/[id]/members',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'owner' },
  summary: 'Add a person (by their account’s address) with a role',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  body: addWorkspaceMemberRequestSchema,
  example: () => ({ email: 'someone@example.test', role: 'editor' as const, approver: true }),
  responses: created(workspaceMemberResponseSchema),
  errors: [409],
  handler: async ({ principal, services, params, body }) => ({ member: await services.workspaces.addMember(principal, params.id, body) }),
})
