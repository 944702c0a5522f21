import { answerApprovalBody, approvalIdParams, approvalResponseSchema } from '@/lib/contracts/approvals'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/approvals/[id]',
  access: 'owned',
  workspace: { resource: 'approval', role: 'approver' },
  summary: 'Read an approval',
  tag: 'approvals',
  params: approvalIdParams,
  responses: ok(approvalResponseSchema),
  handler: async ({ principal, services, params }) => ({ approval: await services.approvals.get(principal, params.id) }),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/approvals/[id]',
  access: 'owned',
  workspace: { resource: 'approval', role: 'approver' },
  summary: 'Approve or deny (with a reply for human input, answers for elicitation)',
  tag: 'approvals',
  params: approvalIdParams,
  body: answerApprovalBody,
  example: () => ({ decision: 'approve' as const, reason: 'fine', content: { text: 'yes' } }),
  responses: ok(approvalResponseSchema),
  errors: [409],
  handler: async ({ principal, services, params, body }) => ({ approval: await services.approvals.answer(principal, params.id, body) }),
})
