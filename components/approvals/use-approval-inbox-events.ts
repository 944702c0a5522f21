'use client'

/**
 * Follows the person's approvals inbox over Server-Sent Events (`GET /api/approvals/events`): the
 * number waiting, for the navigation's badge, and a refetch of the pending list whenever it
 * changed, so the inbox page updates without polling. EventSource reconnects by itself; the
 * stream's first event after a reconnect brings the count (and the list) up to date.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { APPROVAL_INBOX_EVENT, approvalInboxEventSchema } from '@/lib/contracts/approvals'
import { approvalKeys } from '@/components/queries/approvals'

export const APPROVAL_INBOX_EVENTS_URL = '/api/approvals/events'

export interface ApprovalInboxEventsOptions {
  /** Called when more approvals wait than before (not for the first count). */
  onMoreWaiting?: (pending: number) => void
}

/** How many approvals wait for the person; null until the stream said. */
export function useApprovalInboxEvents({ onMoreWaiting }: ApprovalInboxEventsOptions = {}): number | null {
  const queryClient = useQueryClient()
  const [pending, setPending] = useState<number | null>(null)
  const onMore = useRef(onMoreWaiting)
  useEffect(() => {
    onMore.current = onMoreWaiting
  }, [onMoreWaiting])

  useEffect(() => {
    const source = new EventSource(APPROVAL_INBOX_EVENTS_URL)
    let last: number | null = null
    source.addEventListener(APPROVAL_INBOX_EVENT, (message) => {
      let parsed
      try {
        parsed = approvalInboxEventSchema.safeParse(JSON.parse((message as MessageEvent<string>).data))
      } catch {
        return
      }
      if (!parsed.success) return
      const count = parsed.data.pending
      if (last !== null && count > last) onMore.current?.(count)
      last = count
      setPending(count)
      void queryClient.invalidateQueries({ queryKey: approvalKeys.pending() })
    })
    return () => source.close()
  }, [queryClient])

  return pending
}
