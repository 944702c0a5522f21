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
import type { ResponseObject, ResponseStatus } from '@/lib/contracts/responses'
import type { RunEvent } from '@/lib/contracts/run-events'
import { ResponseAssembly, type ResponseStreamEvent } from './response-assembly'
import type { StartedResponse } from './responses-service'
import type { FollowEnd } from '../runs/events/run-follower'

const KEEP_ALIVE_MS = 15_000
const KEEP_ALIVE_FRAME = ': keep-alive\n\n'
const KEEP_ALIVE = Symbol('keep-alive')

const FINAL_EVENT: Record<ResponseStatus, string> = {
  completed: 'response.completed',
  failed: 'response.failed',
  incomplete: 'response.incomplete',
  in_progress: 'response.in_progress',
}

/**
 * How a stream says what the assembly produces: the Responses events here, chat completion chunks in
 * chat-completion-stream.ts. Each returns the text of its frames ('' for none).
 */
export interface StreamEncoding {
  /** The frames that open the stream, before the run said anything. */
  opening(response: ResponseObject): string
  /** The frames of the stream events one run event led to. */
  events(events: ResponseStreamEvent[]): string
  /** The closing frames, once the run ended or parked and the response is final. */
  closing(events: ResponseStreamEvent[], response: ResponseObject): string
  /** The frame of an error that stops the stream. */
  error(message: string): string
}

function responsesEncoding(): StreamEncoding {
  let sequence = 0
  const frames = (list: ResponseStreamEvent[]) =>
    list.map((event) => `event: ${event.type}\ndata: ${JSON.stringify({ ...event, sequence_number: sequence++ })}\n\n`).join('')
  return {
    opening: (response) =>
      frames([
        { type: 'response.created', response },
        { type: 'response.in_progress', response },
      ]),
    events: frames,
    closing: (events, response) => frames([...events, { type: FINAL_EVENT[response.status], response }]),
    error: (message) => frames([{ type: 'error', code: 'server_error', message, param: null }]),
  }
}

export function responseEventStream(started: StartedResponse, signal: AbortSignal) {
  return assembledEventStream(started, signal, responsesEncoding())
}

/** The run's events as `encoding` says them, pulled as the client reads. */
export function assembledEventStream(started: StartedResponse, signal: AbortSignal, encoding: StreamEncoding) {
  const encoder = new TextEncoder()
  const assembly = new ResponseAssembly(started.base)
  const stop = new AbortController()
  const stopped = AbortSignal.any([signal, stop.signal])
  const events = started.events(stopped)
  let pending: Promise<IteratorResult<RunEvent, FollowEnd>> | undefined
  let timer: NodeJS.Timeout | undefined
  const keepAlive = () =>
    new Promise<typeof KEEP_ALIVE>((resolve) => {
      clearTimeout(timer)
      timer = setTimeout(() => resolve(KEEP_ALIVE), KEEP_ALIVE_MS)
    })

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(encoding.opening(assembly.response())))
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
              controller.enqueue(encoder.encode(encoding.closing(closing, assembly.response())))
              return controller.close()
            }
            const produced = encoding.events(assembly.apply(next.value))
            if (produced !== '') return controller.enqueue(encoder.encode(produced))
          }
        } catch (error) {
          clearTimeout(timer)
          console.error(`[responses] run ${started.base.runId}:`, (error as Error).message)
          const message = started.stopsWithClient
            ? 'The stream stopped because of a server error.'
            : 'The stream stopped because of a server error; the run goes on in the app.'
          controller.enqueue(encoder.encode(encoding.error(message)))
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
