import { invitationTokenParamsSchema, workspaceResponseSchema } from '@/lib/contracts/workspaces'
import { defineRoute, ok } from '@/lib/server/define-route'
import { DomainError } from '@/lib/server/domain-errors'

/** A used, expired, unknown or malformed link is the same 404. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/workspace-invitations/[token]',
  access: 'anyone',
  summary: 'Join a workspace with an invitation link (once)',
  tag: 'workspaces',
  params: invitationTokenParamsSchema,
  invalidParams: () => new DomainError('not_found', 'This invitation is not valid any more: it was used already, it expired, or it never existed.'),
  responses: ok(workspaceResponseSchema),
  handler: async ({ principal, services, params }) => ({ workspace: await services.workspaces.acceptInvitation(principal, params.token) }),
})
