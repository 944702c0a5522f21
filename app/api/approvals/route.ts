import { listApprovalsQuery } from '@/lib/contracts/approvals'
import { json, parseQuery, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute(async (request, _params, principal) => {
  const filter = parseQuery(request, listApprovalsQuery)
  const { approvals } = await getServices()
  return json({ approvals: await approvals.list(principal, filter) })
})
