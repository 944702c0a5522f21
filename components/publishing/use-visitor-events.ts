'use client'

import { useEffect, useRef } from 'react'
import { visitorTurnEventSchema, type VisitorTurnEvent } from '@/lib/contracts/publications'

export interface VisitorEventHandlers {
  /** Each event of the stream as it comes (the end too). */
  onEvent(event: VisitorTurnEvent): void
  /** Once, when the stream ends: with the end's message for a failed or stopped run. */
  onEnd(failure: string | undefined): void
}

/**
 * Follows a visitor's event stream (a published agent's reply, a published workflow's run) until it ends, closing it
 * then or when the component goes. The handlers may change from render to render; the stream is opened once per URL.
 */
export function useVisitorEvents(url: string, handlers: VisitorEventHandlers): void {
  const latest = useRef(handlers)
  useEffect(() => {
    latest.current = handlers
  })
  useEffect(() => {
    const source = new EventSource(url)
    let done = false
    let failure: string | undefined
    const finish = () => {
      if (done) return
      done = true
      source.close()
      latest.current.onEnd(failure)
    }
    source.onmessage = (message) => {
      const parsed = visitorTurnEventSchema.safeParse(JSON.parse(String(message.data)))
      if (!parsed.success) return
      latest.current.onEvent(parsed.data)
      if (parsed.data.type === 'end') {
        failure = parsed.data.message
        finish()
      }
    }
    source.addEventListener('end', finish)
    return () => source.close()
  }, [url])
}
