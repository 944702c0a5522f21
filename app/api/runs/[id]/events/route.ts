import { eventsQuery, runIdParams } from '@/lib/contracts/runs'
import { parseQuery, parseWith, authenticatedRoute } from '@/lib/server/http'
import { resumePoint, runEventStream } from '@/lib/server/runs/run-event-stream'
import { getServices } from '@/lib/server/services'

export const dynamic = 'force-dynamic'

export const GET = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(runIdParams, params, 'path')
  const { after } = parseQuery(request, eventsQuery)
  const { app, runs } = await getServices()
  await runs.status(principal, id) // 404 before the stream starts
  return new Response(runEventStream(app, id, resumePoint(request, after), request.signal), {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    },
  })
})
