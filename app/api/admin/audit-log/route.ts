import { auditLogQuerySchema, auditPageViewSchema } from '@/lib/contracts/accounts'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/admin/audit-log',
  access: 'admin',
  summary: 'Read the audit log, newest first',
  tag: 'admin',
  query: auditLogQuerySchema,
  responses: ok(auditPageViewSchema),
  handler: ({ services, query }) => services.auditLog.list(query),
})
