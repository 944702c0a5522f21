/**
 * A streamed response (`stream: true`): server-sent events in the Responses format, each frame
 * `event: <type>` and `data: <event JSON>` with a `sequence_number`, as the `openai` package parses:
 * `response.created`, `response.in_progress`, then the output items as the run writes them
 * (response-assembly.ts), and `response.completed`, `response.failed` or `response.incomplete`.
 *
 * Pull-based: the run's next events are read only when the client has taken the previous frames.
 * The client going away stops the stream, never a stored run: it goes on, and its reply is stored in
 * the conversation (an unstored turn, `store: false`, stops with it: nobody else could read it).
 */
import type { ResponseStatus } from '@/lib/contracts/responses'
import type { RunEvent } from '@/lib/contracts/run-events'
import { ResponseAssembly, type ResponseStreamEvent } from './response-assembly'
import type { StartedResponse } from './responses-service'
import type { FollowEnd } from '../runs/run-follower'

const KEEP_ALIVE_MS = 15_000
const KEEP_ALIVE_FRAME = ': keep-alive\n\n'
const KEEP_ALIVE = Symbol('keep-alive')

const FINAL_EVENT: Record<ResponseStatus, string> = {
  completed: 'response.completed',
  failed: 'response.failed',
  incomplete: 'response.incomplete',
  in_progress: 'response.in_progress',
}

export function responseEventStream(started: StartedResponse, signal: AbortSignal) {
  const encoder = new TextEncoder()
  const assembly = new ResponseAssembly(started.base)
  const stop = new AbortController()
  const stopped = AbortSignal.any([signal, stop.signal])
  const events = started.events(stopped)
  let sequence = 0
  let pending: Promise<IteratorResult<RunEvent, FollowEnd>> | undefined
  let timer: NodeJS.Timeout | undefined
  const keepAlive = () =>
    new Promise<typeof KEEP_ALIVE>((resolve) => {
      clearTimeout(timer)
      timer = setTimeout(() => resolve(KEEP_ALIVE), KEEP_ALIVE_MS)
    })
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
            // A run that says nothing for a while (a slow model, a long tool) still sends a comment now and then,
            // so that proxies do not close the idle connection; the read it waited for is kept for the next pull.
            pending ??= events.next()
            const next = await Promise.race([pending, keepAlive()])
            // The client went away while we waited (cancel ran): the stream is closed, nothing more goes out.
            if (stop.signal.aborted) return
            if (next === KEEP_ALIVE) return controller.enqueue(encoder.encode(KEEP_ALIVE_FRAME))
            pending = undefined
            if (next.done) {
              clearTimeout(timer)
              if (next.value === 'aborted') return controller.close()
              const outcome = await started.outcome()
              if (stop.signal.aborted) return
              const closing = assembly.finish(next.value, outcome)
              const response = assembly.response()
              controller.enqueue(frames([...closing, { type: FINAL_EVENT[response.status], response }]))
              return controller.close()
            }
            const produced = assembly.apply(next.value)
            if (produced.length > 0) return controller.enqueue(frames(produced))
          }
        } catch (error) {
          clearTimeout(timer)
          console.error(`[responses] run ${started.base.runId}:`, (error as Error).message)
          controller.enqueue(
            frames([
              {
                type: 'error',
                code: 'server_error',
                message: started.stopsWithClient
                  ? 'The stream stopped because of a server error.'
                  : 'The stream stopped because of a server error; the run goes on in the app.',
                param: null,
              },
            ]),
          )
          controller.close()
        }
      },
      cancel() {
        clearTimeout(timer)
        stop.abort()
        void events.return('aborted')
      },
    },
    new CountQueuingStrategy({ highWaterMark: 1 }),
  )
}
