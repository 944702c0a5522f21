'use client'

import { useQueryClient } from '@tanstack/react-query'
import { usePathname, useRouter } from 'next/navigation'
import { useCallback } from 'react'
import { toast } from 'sonner'
import { approvalKeys } from '@/components/queries/approvals'
import { listPendingApprovals } from './approvals-api'
import { areApprovalsShownFor } from './approvals-in-view'
import { escalationNotificationText, notifyInBrowser } from './browser-notifications'
import { openApprovalInInbox } from './use-approval-anchor'
import { useApprovalInboxEvents } from './use-approval-inbox-events'

/**
 * How many approvals wait, beside "Approvals" in the navigation, live. A new one arriving while the
 * person is elsewhere is also told in a toast that leads to the inbox; not when the page already shows
 * it (the inbox, its run's page, the chat whose turn asks), where the toast would only cover it. With the tab in
 * the background, a browser notification instead, when the person turned those on (browser-notifications.ts). An
 * approval escalated to the owners of a workspace is told to them the same way.
 */
export function ApprovalsNavBadge() {
  const router = useRouter()
  const pathname = usePathname()
  const queryClient = useQueryClient()
  const onMoreWaiting = useCallback(
    async (pending: number) => {
      // The inbox in front of the person shows it already: nothing to fetch or tell.
      if (pathname.startsWith('/approvals') && document.visibilityState !== 'hidden') return
      const waiting = await queryClient.fetchQuery({ queryKey: approvalKeys.pending(), queryFn: listPendingApprovals, staleTime: 0 }).catch(() => [])
      const newest = waiting.reduce<(typeof waiting)[number] | undefined>((last, each) => (!last || each.createdAt > last.createdAt ? each : last), undefined)
      // A tab in the background: the browser says it (when the person turned that on), whatever page the tab shows.
      if (notifyInBrowser(newest, pending, () => router.push('/approvals'))) return
      if (pathname.startsWith('/approvals')) return
      if (newest && areApprovalsShownFor(newest.runId)) return
      toast('A run is waiting for your answer', {
        id: 'approval-waiting',
        description: pending === 1 ? '1 approval waits in your inbox.' : `${pending} approvals wait in your inbox.`,
        action: { label: 'Open inbox', onClick: () => router.push('/approvals') },
      })
    },
    [pathname, router, queryClient],
  )
  // An owner is told when one of their workspace's approvals was escalated to the owners (still waiting, by then).
  const onEscalated = useCallback(
    async (approvalId: string) => {
      const waiting = await queryClient.fetchQuery({ queryKey: approvalKeys.pending(), queryFn: listPendingApprovals, staleTime: 0 }).catch(() => [])
      const escalated = waiting.find((each) => each.id === approvalId)
      if (!escalated) return
      const open = () => openApprovalInInbox(approvalId, (href) => router.push(href))
      if (notifyInBrowser(escalated, waiting.length, open, escalationNotificationText(escalated))) return
      // The inbox in front of the person shows the card marked "Escalated to owners".
      if (pathname.startsWith('/approvals') && document.visibilityState !== 'hidden') return
      toast('An approval was escalated to the owners', {
        id: `approval-escalated-${approvalId}`,
        description: escalated.title,
        action: { label: 'Open inbox', onClick: open },
      })
    },
    [pathname, router, queryClient],
  )
  const pending = useApprovalInboxEvents({ onMoreWaiting, onEscalated })
  if (pending === null) return null
  return (
    <span
      data-testid="approvals-nav-badge"
      data-pending={pending}
      aria-label={`${pending} waiting`}
      hidden={pending === 0}
      className="ml-1.5 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-amber-500 px-1 text-[10px] font-semibold text-white tabular-nums"
    >
      {pending > 99 ? '99+' : pending}
    </span>
  )
}
