import { createRunBody, listRunsQuery } from '@/lib/server/runs/run-contracts'
import { json, parseBody, parseQuery, route } from '@/lib/server/http'
import { nudgeWorker } from '@/lib/server/runs/worker-host'
import { getServices } from '@/lib/server/services'

export const GET = route(async (request) => {
  const query = parseQuery(request, listRunsQuery)
  const { runs } = await getServices()
  return json({ runs: await runs.list(query) })
})

export const POST = route(async (request) => {
  const body = await parseBody(request, createRunBody)
  const { runs } = await getServices()
  const run = await runs.create(body)
  nudgeWorker()
  return json({ run }, 201)
})
