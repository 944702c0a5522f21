import { approvalListResponseSchema, listApprovalsQuery } from '@/lib/contracts/approvals'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/approvals',
  access: 'list',
  workspace: { resource: 'approval', role: 'approver' },
  summary: 'List your approvals',
  tag: 'approvals',
  query: listApprovalsQuery,
  responses: ok(approvalListResponseSchema),
  handler: async ({ principal, services, query }) => ({ approvals: await services.approvals.list(principal, query) }),
})
