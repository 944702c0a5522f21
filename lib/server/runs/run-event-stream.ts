/**
 * A run's events as Server-Sent Events. Each event carries its sequence as the SSE id, so a
 * browser that reconnects (EventSource sends Last-Event-ID) continues where it stopped. The
 * stream ends with `event: end` once the run's final event has been sent.
 */
import type { AppContext } from '../app-context'
import { PG_INT_MAX } from '@/lib/contracts/safe-text'
import { TERMINAL_RUN_STATUSES } from '@/lib/contracts/runs'

export const FINAL_EVENT_TYPES = new Set(['run_succeeded', 'run_failed', 'run_cancelled'])
const POLL_MS = 500
const HEARTBEAT_MS = 15_000
// A run marked finished whose final event never shows (its process died mid-write) still ends the stream.
const FINISHED_GRACE_MS = 5_000

export function runEventStream(app: AppContext, runId: string, afterSequence: number, signal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let after = afterSequence
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => controller.enqueue(encoder.encode(text))
      send('retry: 1000\n\n')
      let lastWrite = Date.now()
      let finishedSince: number | undefined
      try {
        while (!signal.aborted) {
          const events = await app.events.listAfter(runId, after)
          for (const event of events) {
            send(`id: ${event.sequence}\ndata: ${JSON.stringify(event)}\n\n`)
            after = event.sequence
            lastWrite = Date.now()
          }
          if (events.length && FINAL_EVENT_TYPES.has(events[events.length - 1].type)) break
          if (events.length === 0) {
            const run = await app.db.prisma.run.findUnique({ where: { id: runId }, select: { status: true } })
            if (!run) break
            if (TERMINAL_RUN_STATUSES.includes(run.status)) {
              finishedSince ??= Date.now()
              if (Date.now() - finishedSince > FINISHED_GRACE_MS) break
            }
            if (Date.now() - lastWrite > HEARTBEAT_MS) {
              send(': keep-alive\n\n')
              lastWrite = Date.now()
            }
            await app.events.waitForAppend(runId, POLL_MS, signal)
          }
        }
        if (!signal.aborted) send('event: end\ndata: {}\n\n')
      } catch (error) {
        if (!signal.aborted) console.error(`[sse] run ${runId}:`, (error as Error).message)
      } finally {
        try {
          controller.close()
        } catch {
          // The client went away first.
        }
      }
    },
  })
}

/**
 * The sequence to resume after: Last-Event-ID wins over ?after=. A header that is not a sequence
 * (sequences are int4) is ignored rather than refused: the browser sends it by itself on reconnect.
 */
export function resumePoint(request: Request, after: number | undefined): number {
  const header = request.headers.get('last-event-id')
  const fromHeader = header !== null && /^\d{1,10}$/.test(header) && Number(header) <= PG_INT_MAX ? Number(header) : undefined
  return fromHeader ?? after ?? 0
}
