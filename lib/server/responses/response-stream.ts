/**
 * A streamed response (`stream: true`): server-sent events in the Responses format, each frame
 * `event: <type>` and `data: <event JSON>` with a `sequence_number`, as the `openai` package parses:
 * `response.created`, `response.in_progress`, then the output items as the run writes them
 * (response-assembly.ts), and `response.completed`, `response.failed` or `response.incomplete`.
 *
 * Pull-based: the run's next events are read only when the client has taken the previous frames.
 * The client going away stops the stream, never the run: it goes on, and its reply is stored in
 * the conversation.
 */
import type { ResponseStatus } from '@/lib/contracts/responses'
import { ResponseAssembly, type ResponseStreamEvent } from './response-assembly'
import type { ResponsesService, StartedResponse } from './responses-service'
import { followRun, type FollowerApp } from './run-follower'

const FINAL_EVENT: Record<ResponseStatus, string> = {
  completed: 'response.completed',
  failed: 'response.failed',
  incomplete: 'response.incomplete',
  in_progress: 'response.in_progress',
}

export function responseEventStream(app: FollowerApp, service: Pick<ResponsesService, 'outcome'>, started: StartedResponse, signal: AbortSignal) {
  const encoder = new TextEncoder()
  const assembly = new ResponseAssembly(started.base)
  const stop = new AbortController()
  const stopped = AbortSignal.any([signal, stop.signal])
  const events = followRun(app, started.base.runId, stopped)
  let sequence = 0
  const frames = (list: ResponseStreamEvent[]) =>
    encoder.encode(list.map((event) => `event: ${event.type}\ndata: ${JSON.stringify({ ...event, sequence_number: sequence++ })}\n\n`).join(''))

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const response = assembly.response()
        controller.enqueue(
          frames([
            { type: 'response.created', response },
            { type: 'response.in_progress', response },
          ]),
        )
      },
      async pull(controller) {
        try {
          for (;;) {
            const next = await events.next()
            if (next.done) {
              if (next.value === 'aborted') return controller.close()
              const closing = assembly.finish(next.value, await service.outcome(started.base.runId))
              const response = assembly.response()
              controller.enqueue(frames([...closing, { type: FINAL_EVENT[response.status], response }]))
              return controller.close()
            }
            const produced = assembly.apply(next.value)
            if (produced.length > 0) return controller.enqueue(frames(produced))
          }
        } catch (error) {
          console.error(`[responses] run ${started.base.runId}:`, (error as Error).message)
          controller.enqueue(
            frames([
              { type: 'error', code: 'server_error', message: 'The stream stopped because of a server error; the run goes on in the app.', param: null },
            ]),
          )
          controller.close()
        }
      },
      cancel() {
        stop.abort()
        void events.return('aborted')
      },
    },
    new CountQueuingStrategy({ highWaterMark: 1 }),
  )
}
