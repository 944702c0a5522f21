import { approvalWebhookTestRequestSchema, approvalWebhookTestResponseSchema } from '@/lib/contracts/approval-routing'
import { workspaceParamsSchema } from '@/lib/contracts/workspaces'
import { defineRoute, ok } from '@/lib/server/define-route'

/** 200 with what happened (delivered, refused by the outbound policy, failed with the remote status); 409 `no_approval_webhook`. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/workspaces/[id]/approval-routing/test',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'owner' },
  summary: 'Send a test message to the workspace’s approval webhook',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  body: approvalWebhookTestRequestSchema,
  example: () => ({}),
  responses: ok(approvalWebhookTestResponseSchema),
  errors: [409],
  handler: async ({ principal, services, params }) => ({ test: await services.approvalRouting.test(principal, params.id) }),
})
