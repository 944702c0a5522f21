'use client'

/**
 * Follows the person's approvals inbox over Server-Sent Events (`GET /api/approvals/events`): the
 * number waiting, for the navigation's badge, and a refetch of the pending list whenever it
 * changed, so the inbox page updates without polling. EventSource reconnects by itself; the
 * stream's first event after a reconnect brings the count (and the list) up to date. An owner's stream also says
 * when one of their workspace's approvals was escalated to its owners.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { APPROVAL_ESCALATED_EVENT, APPROVAL_INBOX_EVENT, approvalEscalatedEventSchema, approvalInboxEventSchema } from '@/lib/contracts/approvals'
import { approvalKeys } from '@/components/queries/approvals'

export const APPROVAL_INBOX_EVENTS_URL = '/api/approvals/events'

export interface ApprovalInboxEventsOptions {
  /** Called when more approvals wait than before (not for the first count). */
  onMoreWaiting?: (pending: number) => void
  /** Called when one of the approvals of a workspace the person owns was escalated to its owners. */
  onEscalated?: (approvalId: string) => void
}

/** How many approvals wait for the person; null until the stream said. */
export function useApprovalInboxEvents({ onMoreWaiting, onEscalated }: ApprovalInboxEventsOptions = {}): number | null {
  const queryClient = useQueryClient()
  const [pending, setPending] = useState<number | null>(null)
  const onMore = useRef(onMoreWaiting)
  const onEscalation = useRef(onEscalated)
  useEffect(() => {
    onMore.current = onMoreWaiting
    onEscalation.current = onEscalated
  }, [onMoreWaiting, onEscalated])

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
    source.addEventListener(APPROVAL_ESCALATED_EVENT, (message) => {
      let parsed
      try {
        parsed = approvalEscalatedEventSchema.safeParse(JSON.parse((message as MessageEvent<string>).data))
      } catch {
        return
      }
      if (parsed.success) onEscalation.current?.(parsed.data.approvalId)
    })
    return () => source.close()
  }, [queryClient])

  return pending
}
