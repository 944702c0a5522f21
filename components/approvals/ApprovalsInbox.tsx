'use client'

import { useCallback, useState } from 'react'
import { Button } from '@/components/ui'
import { errorMessage } from '@/components/api-client'
import { usePendingApprovalsQuery } from '@/components/queries/approvals'
import type { ApprovalView } from '@/lib/contracts/approvals'
import { WorkspaceBadge } from '@/components/workspaces/WorkspaceBadge'
import { WorkspaceScopeToggle } from '@/components/workspaces/WorkspaceScopeToggle'
import { useWorkspaceScope } from '@/components/workspaces/use-workspace-scope'
import { ApprovalCard } from './ApprovalCard'
import { ANCHOR_NOTICE_TEXT } from './approval-anchor'
import { useApprovalAnchor } from './use-approval-anchor'

/**
 * Pending approvals of the current workspace's runs (or of all the person may answer; the navigation's badge counts
 * those), refreshed when the inbox stream says they changed (see
 * use-approval-inbox-events.ts, which the navigation keeps open). Cards answered here stay on screen, resolved, until the page is left, so that the
 * person sees what they did even after the next refresh drops them from the pending list. A link to one card
 * (`#approval-<id>`) opens the inbox at it (use-approval-anchor.ts).
 */
export function ApprovalsInbox() {
  const query = usePendingApprovalsQuery()
  const pending = query.data ?? null
  const error = query.isError ? errorMessage(query.error) : null
  const [answeredHere, setAnsweredHere] = useState<ApprovalView[]>([])

  const onAnswered = useCallback((approval: ApprovalView) => {
    setAnsweredHere((list) => [approval, ...list.filter((item) => item.id !== approval.id)])
  }, [])

  const scope = useWorkspaceScope()
  const answeredIds = new Set(answeredHere.map((approval) => approval.id))
  const waiting = (pending ?? []).filter((approval) => !answeredIds.has(approval.id))
  // One list for every workspace (the badge's), narrowed here: switching workspaces asks the server nothing.
  const open = scope.workspaceId === undefined ? waiting : waiting.filter((approval) => approval.workspaceId === scope.workspaceId)
  const elsewhere = waiting.length - open.length
  const { setAll } = scope
  const showAllWorkspaces = useCallback(() => setAll(true), [setAll])
  const anchor = useApprovalAnchor({ loaded: pending !== null, shown: [...open, ...answeredHere], waiting, showAllWorkspaces })

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-zinc-600" aria-live="polite" data-testid="approvals-count">
          {pending === null ? 'Loading…' : open.length === 0 ? 'Nothing is waiting for you.' : `${open.length} waiting for an answer`}
          {elsewhere > 0 ? (
            <button type="button" className="ml-2 text-indigo-600 hover:underline" onClick={() => scope.setAll(true)} data-testid="approvals-elsewhere">
              {elsewhere} more in your other workspaces
            </button>
          ) : null}
        </p>
        <WorkspaceScopeToggle scope={scope} />
        <Button size="sm" variant="ghost" onClick={() => void query.refetch({ cancelRefetch: false })}>
          Refresh
        </Button>
      </div>
      {anchor.notice ? (
        <p role="status" className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700" data-testid="approval-anchor-notice" data-notice={anchor.notice}>
          {ANCHOR_NOTICE_TEXT[anchor.notice]}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          Could not load approvals: {error}
        </p>
      ) : null}
      {open.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label="Pending approvals">
          {open.map((approval) => (
            <li key={approval.id}>
              {scope.all ? <WorkspaceBadge workspaceId={approval.workspaceId} /> : null}
              <ApprovalCard approval={approval} onAnswered={onAnswered} showRunLink highlighted={anchor.highlightedId === approval.id} />
            </li>
          ))}
        </ul>
      ) : pending !== null && !error ? (
        <div className="rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-10 text-center text-sm text-zinc-500">
          When a run needs a decision (a sampling request, a tool call, a question), it shows up here.
        </div>
      ) : null}
      {answeredHere.length > 0 ? (
        <section className="flex flex-col gap-3">
          <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Answered just now</h2>
          <ul className="flex flex-col gap-3 opacity-80">
            {answeredHere.map((approval) => (
              <li key={approval.id}>
                <ApprovalCard approval={approval} showRunLink highlighted={anchor.highlightedId === approval.id} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
