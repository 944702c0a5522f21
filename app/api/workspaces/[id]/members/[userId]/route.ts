import {
  changeWorkspaceMemberRequestSchema,
  removedWorkspaceMemberResponseSchema,
  workspaceMemberParamsSchema,
  workspaceMemberResponseSchema,
} from '@/lib/contracts/workspaces'
import { defineRoute, ok } from '@/lib/server/define-route'

/** 409 `last_owner` when the last owner would stop being one. */
export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/workspaces/[id]/members/[userId]',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'owner' },
  summary: 'Change a member’s role or approver flag',
  tag: 'workspaces',
  params: workspaceMemberParamsSchema,
  body: changeWorkspaceMemberRequestSchema,
  example: () => ({ role: 'runner' as const, approver: true }),
  responses: ok(workspaceMemberResponseSchema),
  errors: [409],
  handler: async ({ principal, services, params, body }) => ({ member: await services.workspaces.changeMember(principal, params.id, params.userId, body) }),
})

/** Owners remove anyone, members remove themselves (leave); 409 `last_owner`, `personal_workspace`. */
export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/workspaces/[id]/members/[userId]',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'owner' },
  summary: 'Remove a member (or leave the workspace)',
  tag: 'workspaces',
  params: workspaceMemberParamsSchema,
  responses: ok(removedWorkspaceMemberResponseSchema),
  errors: [409],
  handler: ({ principal, services, params }) => services.workspaces.removeMember(principal, params.id, params.userId),
})
