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

/**
 * Asks before unsaved work is left behind: a reload or closing the tab gets the browser's own
 * question (beforeunload); an in-app link click while `isDirty()` is held back (in the capture
 * phase, before Next's <Link> sees it) until the person chooses to stay or leave.
 */
export function useLeaveGuard(isDirty: () => boolean): LeaveGuard {
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
      setPendingDestination(destination)
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    // On window, in the capture phase: before React's own listeners on the document see the click.
    window.addEventListener('click', onClick, true)
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      window.removeEventListener('click', onClick, true)
    }
  }, [isDirty])

  const stay = useCallback(() => setPendingDestination(null), [])
  const leave = useCallback(() => {
    if (pendingDestination !== null) router.push(pendingDestination)
    setPendingDestination(null)
  }, [pendingDestination, router])

  return { pendingDestination, stay, leave }
}
