import {
  pendingWorkspaceInvitationListSchema,
  workspaceInvitationRequestSchema,
  workspaceInvitationSchema,
  workspaceParamsSchema,
} from '@/lib/contracts/workspaces'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workspaces/[id]/invitations',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'owner' },
  summary: 'List the invitation links not used yet (to revoke them)',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  responses: ok(pendingWorkspaceInvitationListSchema),
  handler: async ({ principal, services, params }) => ({ invitations: await services.workspaces.invitations(principal, params.id) }),
})

/** The link is answered this once; whoever signs in and accepts it joins with the role. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/workspaces/[id]/invitations',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'owner' },
  summary: 'Make a one-time invitation link to the workspace with a role',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  body: workspaceInvitationRequestSchema,
  example: () => ({ role: 'viewer' as const, approver: true }),
  responses: created(workspaceInvitationSchema),
  handler: ({ principal, services, params, body }) => services.workspaces.invite(principal, params.id, body),
})
