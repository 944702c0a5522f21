import { revokedWorkspaceInvitationResponseSchema, workspaceInvitationParamsSchema } from '@/lib/contracts/workspaces'
import { defineRoute, ok } from '@/lib/server/define-route'

/** 404 for a link used already, revoked, expired away or of another workspace. */
export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/workspaces/[id]/invitations/[invitationId]',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'owner' },
  summary: 'Revoke an invitation link not used yet',
  tag: 'workspaces',
  params: workspaceInvitationParamsSchema,
  responses: ok(revokedWorkspaceInvitationResponseSchema),
  handler: ({ principal, services, params }) => services.workspaces.revokeInvitation(principal, params.id, params.invitationId),
})
