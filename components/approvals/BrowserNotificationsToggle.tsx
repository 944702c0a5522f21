'use client'

import { useEffect, useState } from 'react'
import { Button } from '@/components/ui'
import { browserNotificationState, turnBrowserNotificationsOff, turnBrowserNotificationsOn, type BrowserNotificationState } from './browser-notifications'

const EXPLANATION: Record<BrowserNotificationState, string> = {
  unsupported: 'This browser cannot show notifications.',
  denied: "This browser was told not to show Agentloom's notifications: allow them in the site's settings to turn them on here.",
  off: 'Get a browser notification when a run waits for your answer while this tab is in the background.',
  on: 'You get a browser notification when a run waits for your answer while this tab is in the background.',
}

/** On the approvals inbox: browser notifications for new approvals, on or off in this browser. */
export function BrowserNotificationsToggle() {
  // Unknown until mounted: the server cannot tell what this browser allows.
  const [state, setState] = useState<BrowserNotificationState | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => setState(browserNotificationState()), [])
  if (state === null) return null

  async function turnOn() {
    setBusy(true)
    setState(await turnBrowserNotificationsOn())
    setBusy(false)
  }

  return (
    <div
      className="flex items-center justify-between gap-4 rounded-md border border-zinc-200 bg-white px-3 py-2 text-sm"
      data-testid="browser-notifications"
      data-state={state}
    >
      <p className="text-zinc-600">{EXPLANATION[state]}</p>
      {state === 'off' ? (
        <Button onClick={turnOn} disabled={busy} data-testid="browser-notifications-on">
          Notify me in this browser
        </Button>
      ) : state === 'on' ? (
        <Button variant="secondary" onClick={() => setState(turnBrowserNotificationsOff())} data-testid="browser-notifications-off">
          Stop notifications
        </Button>
      ) : null}
    </div>
  )
}
