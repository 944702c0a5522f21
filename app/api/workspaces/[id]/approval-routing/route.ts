import { approvalRoutingRequestSchema, approvalRoutingResponseSchema } from '@/lib/contracts/approval-routing'
import { workspaceParamsSchema } from '@/lib/contracts/workspaces'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workspaces/[id]/approval-routing',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'owner' },
  summary: 'Read where the workspace’s approvals are told (webhook host, never its URL) and its escalation delay',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  responses: ok(approvalRoutingResponseSchema),
  handler: async ({ principal, services, params }) => ({ routing: await services.approvalRouting.get(principal, params.id) }),
})

/** `webhookUrl`: a URL sets or replaces it, null removes it; `escalationMinutes`: null turns escalation off. Absent: unchanged. */
export const PUT = defineRoute({
  method: 'PUT',
  path: '/api/workspaces/[id]/approval-routing',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'owner' },
  summary: 'Set the workspace’s approval webhook (sealed; write-only) and escalation delay',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  body: approvalRoutingRequestSchema,
  example: () => ({ escalationMinutes: 5 }),
  responses: ok(approvalRoutingResponseSchema),
  handler: async ({ principal, services, params, body }) => ({ routing: await services.approvalRouting.update(principal, params.id, body) }),
})
