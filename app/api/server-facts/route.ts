import type { ServerFactsResponse } from '@/lib/contracts/server-facts'
import { json, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'
import { loadServerFacts } from '@/lib/server/workflows/server-facts'

export const GET = authenticatedRoute(async (_request, _params, principal) => {
  const { app } = await getServices()
  return json({ facts: await loadServerFacts(app, principal) } satisfies ServerFactsResponse)
})
