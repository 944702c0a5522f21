/**
 * What a visitor's reply stream carries (VisitorTurnEvent, lib/contracts/publications.ts), read from the run's own
 * event stream (runs/events/run-event-stream.ts: resumable by id, ends with `event: end`): the reply's text, that it waits
 * for an approval, and its end. Tool calls and results, instructions, usage, approvals' contents and errors' details
 * stay with the workspace: a visitor is not a member. Each event keeps its sequence as its SSE id (one the visitor is
 * not shown, as an id-only frame) so a reconnect resumes where it stopped.
 *
 * A published workflow's run (visitor-form.ts) is shown less still: no text at all (an agent inside a workflow writes
 * for the next step, not for the visitor), only waiting and the end; the form page then reads the run's output.
 */
import type { VisitorTurnEvent } from '@/lib/contracts/publications'
import type { RunEvent } from '@/lib/contracts/run-events'

/** What a kind of visitor stream shows: the reply's text or not, and its words for a failed or stopped end. */
export interface VisitorView {
  text: boolean
  failed: string
  cancelled: string
}

export const TURN_VIEW: VisitorView = {
  text: true,
  failed: 'The agent could not answer this time. Try again in a moment.',
  cancelled: 'The reply was stopped.',
}
export const RUN_VIEW: VisitorView = {
  text: false,
  failed: 'The workflow could not finish this time. Try again in a moment.',
  cancelled: 'The run was stopped.',
}

export function visitorEventOf(event: Pick<RunEvent, 'type' | 'data'>, view: VisitorView = TURN_VIEW): VisitorTurnEvent | undefined {
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>
  switch (event.type) {
    case 'agent_update':
      return view.text && typeof data.text === 'string' && data.text !== '' ? { type: 'text', text: data.text } : undefined
    case 'approval_requested':
    case 'tool_approval_request':
      return { type: 'waiting' }
    case 'approval_resolved':
      return { type: 'resumed' }
    case 'run_succeeded':
      return { type: 'end', status: 'succeeded' }
    case 'run_failed':
      return { type: 'end', status: 'failed', message: view.failed }
    case 'run_cancelled':
      return { type: 'end', status: 'cancelled', message: view.cancelled }
    default:
      return undefined
  }
}

/** Rewrites a run's SSE frames into the visitor's. */
export function visitorTurnStream(runEvents: ReadableStream<Uint8Array>, view: VisitorView = TURN_VIEW): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder()
  const encoder = new TextEncoder()
  let pending = ''
  return runEvents.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        pending += decoder.decode(chunk, { stream: true })
        const frames = pending.split('\n\n')
        pending = frames.pop() ?? ''
        const out = frames.map((frame) => visitorFrame(frame, view)).join('')
        if (out !== '') controller.enqueue(encoder.encode(out))
      },
    }),
  )
}

function visitorFrame(frame: string, view: VisitorView): string {
  const lines = frame.split('\n')
  const id = lines.find((line) => line.startsWith('id: '))?.slice(4)
  const data = lines.find((line) => line.startsWith('data: '))?.slice(6)
  if (id === undefined || data === undefined) return `${frame}\n\n` // retry, keep-alive, the end frame: as they are
  let event: Pick<RunEvent, 'type' | 'data'>
  try {
    event = JSON.parse(data) as RunEvent
  } catch {
    return `id: ${id}\n\n`
  }
  const shown = visitorEventOf(event, view)
  return shown ? `id: ${id}\ndata: ${JSON.stringify(shown)}\n\n` : `id: ${id}\n\n`
}
