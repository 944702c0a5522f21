'use client'

import { useLiveSessionContext } from './use-live-session'

/** The dot in the toolbar that says whether the canvas is live. */
export function LiveIndicator() {
  const { status } = useLiveSessionContext()
  if (status === 'off') return null
  const label = { connecting: 'Connecting…', connected: 'Live', offline: 'Offline', 'read-only': 'Following live', refused: 'Not live' }[status]
  const dot = status === 'connected' || status === 'read-only' ? 'bg-emerald-500' : status === 'connecting' ? 'bg-zinc-300' : 'bg-amber-500'
  return (
    <span data-testid="live-indicator" data-status={status} className="flex items-center gap-1.5 text-xs text-zinc-500">
      <span aria-hidden className={`h-1.5 w-1.5 rounded-full ${dot}`} />
      {label}
    </span>
  )
}
