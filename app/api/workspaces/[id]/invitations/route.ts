import { workspaceInvitationRequestSchema, workspaceInvitationSchema, workspaceParamsSchema } from '@/lib/contracts/workspaces'
import { created, defineRoute } from '@/lib/server/define-route'

/** The link is answered this once; whoever signs in and POSTs it joins with the role. */
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
