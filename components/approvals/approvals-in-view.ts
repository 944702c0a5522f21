'use client'

/**
 * The runs whose approvals the page in front of the person shows, answerable where they are (a run's
 * page, a chat's turn). The navigation's "A run is waiting for your answer" toast is for approvals
 * elsewhere: one the page already shows needs no toast, which would only cover it.
 */
import { useEffect } from 'react'

const shown = new Map<string, number>()

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

export function areApprovalsShownFor(runId: string | null): boolean {
  return runId !== null && shown.has(runId)
}
