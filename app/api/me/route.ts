import type { MeView } from '@/lib/contracts/accounts'
import { json, authenticatedRoute } from '@/lib/server/http'

export const GET = authenticatedRoute(async (_request, _params, principal) => {
  const me: MeView = { id: principal.userId, email: principal.email, name: principal.name, role: principal.role, via: principal.via }
  return json(me)
})
