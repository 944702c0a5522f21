/**
 * `POST /v1/responses`: OpenAI's Responses API in front of saved agents and workflows (see
 * lib/server/responses/). Authenticated by a personal API token only (`Authorization: Bearer al_…`),
 * never a session cookie: it is for scripts and OpenAI clients, so a browser cannot be made to call it.
 * Deliberately, its errors are OpenAI's `{ error: { message, type, param, code } }` rather than the
 * API's `{ error: { code, message, details? } }`, so that the `openai` package understands them
 * (openai-errors.ts).
 */
import { createResponseRequestSchema } from '@/lib/contracts/responses'
import { getAppContext } from '@/lib/server/app-context'
import { authenticate } from '@/lib/server/auth/authenticate'
import { DomainError } from '@/lib/server/domain-errors'
import { parseBody } from '@/lib/server/http'
import { openAiErrorResponse } from '@/lib/server/responses/openai-errors'
import { responseEventStream } from '@/lib/server/responses/response-stream'
import { ResponsesService } from '@/lib/server/responses/responses-service'

export const dynamic = 'force-dynamic'

const noToken = () => new DomainError('unauthenticated', 'Send a personal API token as Authorization: Bearer <token> (create one on your account page).')

export async function POST(request: Request): Promise<Response> {
  try {
    const app = await getAppContext()
    const principal = request.headers.has('authorization') ? await authenticate(request, app) : null
    if (!principal) throw noToken()
    const body = await parseBody(request, createResponseRequestSchema)
    const service = new ResponsesService(app)
    const started = await service.start(principal, body)
    if (body.stream) {
      return new Response(responseEventStream(app, service, started, request.signal), {
        headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
      })
    }
    const response = await service.wait(started, request.signal)
    // The client went away: the run goes on (its reply is stored), and nobody reads this answer.
    return response ? Response.json(response) : new Response(null, { status: 499 })
  } catch (error) {
    return openAiErrorResponse(error)
  }
}
