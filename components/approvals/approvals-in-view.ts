'use client'

/**
 * The runs whose approvals the page in front of the person shows, answerable where they are (a run's
 * page, a chat's turn). The navigation's "A run is waiting for your answer" toast is for approvals
 * elsewhere: one the page already shows needs no toast, which would only cover it.
 */
import { useEffect } from 'react'

const shown = new Map<string, number>()
/** Pages starting a run whose id they do not know yet (a chat message on its way): its first approval may come first. */
let starting = 0

/** Marks the run's approvals as shown while the calling component is mounted (null: none). */
export function useApprovalsShownFor(runId: string | null): void {
  useEffect(() => {
    if (runId === null) return
    shown.set(runId, (shown.get(runId) ?? 0) + 1)
    return () => {
      const left = (shown.get(runId) ?? 1) - 1
      if (left > 0) shown.set(runId, left)
      else shown.delete(runId)
    }
  }, [runId])
}

/** While `active`, the run this page is starting counts as shown, whichever it turns out to be. */
export function useApprovalsShownWhileStarting(active: boolean): void {
  useEffect(() => {
    if (!active) return
    starting++
    return () => {
      starting--
    }
  }, [active])
}

export function areApprovalsShownFor(runId: string | null): boolean {
  return runId !== null && (shown.has(runId) || starting > 0)
}
