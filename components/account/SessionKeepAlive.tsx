'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useState } from 'react'
import { SESSION_PATH, sessionUse } from './session-use'

/** The person's own input: what counts as use besides a navigation (session-use.ts). */
const INPUT_EVENTS = ['pointerdown', 'keydown'] as const

/** Keeps the signed-in person's session moving forward while they use the app (session-use.ts says how and why). */
export function SessionKeepAlive({ stepMs }: { stepMs: number }) {
  const pathname = usePathname()
  const [used] = useState(() =>
    sessionUse(stepMs, () => {
      // Nothing to do with the answer but read it to its end (an unread body holds its request open): an ended session
      // meets its dialog at the next API request (session-renewal.ts).
      void fetch(SESSION_PATH, { credentials: 'same-origin', cache: 'no-store' })
        .then((answer) => answer.arrayBuffer())
        .catch(() => undefined)
    }),
  )
  useEffect(() => used(), [pathname, used])
  useEffect(() => {
    for (const event of INPUT_EVENTS) window.addEventListener(event, used, { passive: true, capture: true })
    return () => {
      for (const event of INPUT_EVENTS) window.removeEventListener(event, used, { capture: true })
    }
  }, [used])
  return null
}
