/**
 * `POST /v1/responses`: OpenAI's Responses API in front of saved agents and workflows (see
 * lib/server/responses/). Authenticated by a personal API token only (`Authorization: Bearer al_…`),
 * never a session cookie: it is for scripts and OpenAI clients, so a browser cannot be made to call it.
 * Deliberately, its errors are OpenAI's `{ error: { message, type, param, code } }` rather than the
 * API's `{ error: { code, message, details? } }`, so that the `openai` package understands them
 * (openai-errors.ts).
 */
import { createResponseRequestSchema, responseObjectSchema, responseStreamEventSchema } from '@/lib/contracts/responses'
import { defineRoute } from '@/lib/server/define-route'
import { responseEventStream } from '@/lib/server/responses/response-stream'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  method: 'POST',
  path: '/v1/responses',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'runner' },
  credentials: 'token',
  errorShape: 'openai',
  summary:
    'Run a saved agent (one conversation turn) or workflow as an OpenAI Responses request: `model` is `agent:<name|id>[@version]`, ' +
    "`workflow:<name|id>[@version]` or a bare name; `stream: true` answers server-sent Responses events; `store: false` answers an agent's turn with nothing stored",
  tag: 'responses',
  body: createResponseRequestSchema,
  responses: {
    200: {
      description: 'The finished response (or `incomplete` while an approval waits in the app); with `stream: true`, its events',
      schema: responseObjectSchema,
      otherContent: { 'text/event-stream': responseStreamEventSchema },
    },
  },
  errors: [404, 409],
  handler: async ({ principal, services: { responses: service }, body, request }) => {
    const started = await service.start(principal, body)
    if (body.stream) {
      return new Response(responseEventStream(started, request.signal), {
        headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
      })
    }
    const response = await service.wait(started, request.signal)
    // The client went away: the run goes on (its reply is stored), and nobody reads this answer.
    return response ? Response.json(response) : new Response(null, { status: 499 })
  },
})
