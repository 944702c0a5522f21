import { runEventSchema } from '@/lib/contracts/run-events'
import { eventsQuery, runIdParams } from '@/lib/contracts/runs'
import { defineRoute, EVENT_STREAM_HEADERS } from '@/lib/server/define-route'
import { resumePoint, runEventStream } from '@/lib/server/runs/events/run-event-stream'

export const dynamic = 'force-dynamic'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/runs/[id]/events',
  access: 'owned',
  workspace: { resource: 'run', role: 'viewer' },
  summary: "Follow a run's events (server-sent events; resumes after `after` or Last-Event-ID)",
  tag: 'runs',
  params: runIdParams,
  query: eventsQuery,
  responses: {
    200: {
      description:
        'One event per `data:` line, its `id:` the event sequence. The stream ends with the run: after its final event, one `event: end` frame with `data: {}`, then the connection closes.',
      schema: runEventSchema,
      contentType: 'text/event-stream',
    },
  },
  handler: async ({ principal, services, params: { id }, query: { after }, request }) => {
    // 404 before the stream starts; marks the run followed for the stream, unless it executes here (the stream marks it when it leaves).
    const { marked } = await services.runs.follow(principal, id)
    const stream = runEventStream(services.app, id, resumePoint(request, after), request.signal, { followed: marked })
    return new Response(stream, { headers: EVENT_STREAM_HEADERS })
  },
})
