import { invitationPreviewSchema, invitationTokenParamsSchema, workspaceResponseSchema } from '@/lib/contracts/workspaces'
import { defineRoute, ok } from '@/lib/server/define-route'
import { DomainError } from '@/lib/server/domain-errors'

const invalid = () => new DomainError('not_found', 'This invitation is not valid any more: it was used already, it expired, or it never existed.')

/** What the link offers (the workspace's name, the role), without using it up; a used, expired, unknown or malformed link is the same 404. */
export const GET = defineRoute({
  method: 'GET',
  path: '/api/workspace-invitations/[token]',
  access: 'anyone',
  summary: 'Read what an invitation link offers before accepting it',
  tag: 'workspaces',
  params: invitationTokenParamsSchema,
  invalidParams: invalid,
  responses: ok(invitationPreviewSchema),
  handler: async ({ principal, services, params }) => ({ invitation: await services.workspaces.previewInvitation(principal, params.token) }),
})

/** A used, expired, unknown or malformed link is the same 404. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/workspace-invitations/[token]',
  access: 'anyone',
  summary: 'Join a workspace with an invitation link (once)',
  tag: 'workspaces',
  params: invitationTokenParamsSchema,
  invalidParams: invalid,
  responses: ok(workspaceResponseSchema),
  handler: async ({ principal, services, params }) => ({ workspace: await services.workspaces.acceptInvitation(principal, params.token) }),
})
