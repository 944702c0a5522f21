import { auditLogQuerySchema, auditPageViewSchema } from '@/lib/contracts/accounts'
import { workspaceParamsSchema } from '@/lib/contracts/workspaces'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workspaces/[id]/audit-log',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'owner' },
  summary: 'Read the workspace’s audit log, newest first',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  query: auditLogQuerySchema,
  responses: ok(auditPageViewSchema),
  handler: ({ principal, services, params, query }) => services.workspaces.auditLog(principal, params.id, query),
})
