import { createRunBody, listRunsQuery } from '@/lib/contracts/runs'
import { json, parseBody, parseQuery, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute(async (request, _params, principal) => {
  const query = parseQuery(request, listRunsQuery)
  const { runs } = await getServices()
  return json({ runs: await runs.list(principal, query) })
})

export const POST = authenticatedRoute(async (request, _params, principal) => {
  const body = await parseBody(request, createRunBody)
  const { runs } = await getServices()
  const run = await runs.create(principal, body)
  return json({ run }, 201)
})
