'use client'

import { useRouter } from 'next/navigation'
import { useCallback, useEffect, useState } from 'react'
import { inAppLinkDestination, linkClickOf } from './leave-guard'

export interface LeaveGuard {
  /** Where a held-back link click was going; the editor asks before it goes there. */
  pendingDestination: string | null
  stay: () => void
  leave: () => void
}

/** How long a held-back link waits for live changes to reach the server before it asks. */
const SYNC_WAIT_MS = 3_000

/**
 * Asks before unsaved work is left behind: a reload or closing the tab gets the browser's own
 * question (beforeunload); an in-app link click while `isDirty()` is held back (in the capture
 * phase, before Next's <Link> sees it) until the person chooses to stay or leave.
 *
 * `synced` (a live canvas): what is dirty is only on its way to the server, which keeps it. The click waits for it
 * (up to SYNC_WAIT_MS) and goes on once it arrived; it asks only if it did not. Just after the canvas opened, its
 * first sync is such a change, and a person who changed nothing is not asked.
 */
export function useLeaveGuard(isDirty: () => boolean, synced?: (timeoutMs: number) => Promise<boolean>): LeaveGuard {
  const router = useRouter()
  const [pendingDestination, setPendingDestination] = useState<string | null>(null)

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault()
    }
    const onClick = (event: MouseEvent) => {
      const destination = inAppLinkDestination(linkClickOf(event), new URL(window.location.href))
      if (destination === null || !isDirty()) return
      event.preventDefault()
      event.stopPropagation()
      if (!synced) return setPendingDestination(destination)
      void synced(SYNC_WAIT_MS).then((arrived) => (arrived && !isDirty() ? router.push(destination) : setPendingDestination(destination)))
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    // On window, in the capture phase: before React's own listeners on the document see the click.
    window.addEventListener('click', onClick, true)
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      window.removeEventListener('click', onClick, true)
    }
  }, [isDirty, synced, router])

  const stay = useCallback(() => setPendingDestination(null), [])
  const leave = useCallback(() => {
    if (pendingDestination !== null) router.push(pendingDestination)
    setPendingDestination(null)
  }, [pendingDestination, router])

  return { pendingDestination, stay, leave }
}
