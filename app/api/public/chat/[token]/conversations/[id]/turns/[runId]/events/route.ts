import { visitorEventsQuery, visitorTurnEventSchema, visitorTurnParams } from '@/lib/contracts/publications'
import { defineRoute, EVENT_STREAM_HEADERS } from '@/lib/server/define-route'
import { notFound } from '@/lib/server/domain-errors'
import { visitorAddress } from '@/lib/server/publications/visitor-chat'
import { resumePoint } from '@/lib/server/runs/events/run-event-stream'

export const dynamic = 'force-dynamic'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/public/chat/[token]/conversations/[id]/turns/[runId]/events',
  access: 'public',
  summary: "Follow a visitor's reply (server-sent events: its text, waiting for an approval, its end; resumes after `after` or Last-Event-ID)",
  tag: 'publishing',
  params: visitorTurnParams,
  invalidParams: () => notFound('Turn'),
  query: visitorEventsQuery,
  responses: {
    200: {
      description: 'One event per `data:` line. The stream ends with the turn: one `event: end` frame with `data: {}`, then the connection closes.',
      schema: visitorTurnEventSchema,
      contentType: 'text/event-stream',
    },
  },
  errors: [429],
  handler: async ({ services, params, query, request }) => {
    const publication = await services.visitorChat.open(params.token, visitorAddress(request))
    const stream = await services.visitorChat.events(publication, query.visitor, params.id, params.runId, resumePoint(request, query.after), request.signal)
    return new Response(stream, { headers: EVENT_STREAM_HEADERS })
  },
})
