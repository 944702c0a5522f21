import { auditLogQuerySchema } from '@/lib/contracts/accounts'
import { getAppContext } from '@/lib/server/app-context'
import { listAuditEntries } from '@/lib/server/audit/audit-log'
import { adminRoute } from '@/lib/server/auth/admin-route'
import { json, parseQuery } from '@/lib/server/http'

export const GET = adminRoute(async (request) => {
  const query = parseQuery(request, auditLogQuerySchema)
  return json(await listAuditEntries((await getAppContext()).db.prisma, query))
})
