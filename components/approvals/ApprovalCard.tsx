'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { useId, useRef, type Ref } from 'react'
import { Badge, cn } from '@/components/ui'
import { JsonDisclosure } from '@/components/runs/JsonDisclosure'
import { useNow } from '@/components/runs/use-now'
import { APPROVAL_KINDS } from '@/lib/contracts/approval-kinds'
import type { ApprovalKind, ApprovalView } from '@/lib/contracts/approvals'
import type { ApprovalFormHandle, ApprovalFormProps } from './approval-form'
import { denyAnswer } from './approval-answers'
import { ApprovalAnswerFooter } from './ApprovalAnswerFooter'
import { ApprovalDecisionLine } from './ApprovalDecisionLine'
import { ApprovalStatusCorner } from './ApprovalStatusCorner'
import { ElicitationApprovalForm } from './ElicitationApprovalForm'
import { readSourceTitle } from './approval-payload'
import { msUntil } from './expiry'
import { HumanInputApprovalForm } from './HumanInputApprovalForm'
import { SamplingApprovalForm } from './SamplingApprovalForm'
import { ToolCallDetails } from './ToolCallDetails'
import { useApprovalAnswer } from './use-approval-answer'

export interface ApprovalCardProps {
  approval: ApprovalView
  /** Called with the server's answer after this card decided the approval. */
  onAnswered?: (approval: ApprovalView) => void
  /** Shows the request without any buttons (shared views). */
  readOnly?: boolean
  /** Adds a link to the approval's run (the inbox). */
  showRunLink?: boolean
  /** Ringed for a moment: the card a link named (the inbox). */
  highlighted?: boolean
  /** Who asks, as a person reads it (a node's title); else the title the run stored, else the stored source (an executor id, a server). */
  sourceLabel?: string
}

/** One approval: what is asked, an expiry countdown, and Approve / Deny (with the kind's own inputs). */
export function ApprovalCard({ approval: given, onAnswered, readOnly = false, showRunLink = false, highlighted = false, sourceLabel }: ApprovalCardProps) {
  const idPrefix = useId()
  const form = useRef<ApprovalFormHandle>(null)
  const { approval, conflict, failure, submitting, submit } = useApprovalAnswer(given, onAnswered)

  const pending = approval.status === 'pending' && conflict === null
  const now = useNow(1_000, pending)
  const remaining = now === null ? null : msUntil(approval.expiresAt, now)
  const expiredLocally = pending && remaining !== null && remaining <= 0
  const canAnswer = pending && !readOnly && !expiredLocally

  const approve = () => {
    // A tool call has no inputs: consent is the whole answer.
    const answer = form.current ? form.current.approveAnswer() : { decision: 'approve' as const }
    if (answer) void submit(answer)
  }

  return (
    <article
      data-testid="approval-card"
      id={`approval-${approval.id}`}
      data-approval-id={approval.id}
      data-status={conflict ? conflict.reason : approval.status}
      aria-label={`${APPROVAL_KINDS[approval.kind].noun}: ${approval.title}`}
      // Focusable by script only: a link to the card moves the keyboard's place to it (use-approval-anchor.ts).
      tabIndex={-1}
      data-highlighted={highlighted || undefined}
      className={cn(
        // The ring fades; the outline stays while the card holds the keyboard's place.
        'flex scroll-mt-4 flex-col gap-3 rounded-lg border bg-white p-4 shadow-sm outline-none focus:outline-2 focus:outline-offset-2 focus:outline-indigo-300 focus:outline-solid motion-safe:transition-shadow motion-safe:duration-500',
        highlighted ? 'border-indigo-400 ring-2 ring-indigo-500 ring-offset-2' : canAnswer ? 'border-amber-300 ring-1 ring-amber-100' : 'border-zinc-200',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <Badge tone="warning">{APPROVAL_KINDS[approval.kind].noun}</Badge>
            {approval.escalatedAt ? (
              <Badge tone="danger" data-testid="approval-escalated" title={`Waited past the workspace’s escalation delay`}>
                Escalated to owners
              </Badge>
            ) : null}
            <span className="truncate text-xs text-zinc-500" data-testid="approval-source">
              from {sourceLabel ?? readSourceTitle(approval.payload) ?? approval.source}
            </span>
          </div>
          <h3 className="mt-1 text-sm font-semibold break-words whitespace-pre-wrap text-zinc-900">{approval.title}</h3>
          {showRunLink && approval.runId ? (
            <IntentLink
              href={`/runs/${approval.runId}`}
              className="text-xs text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              Open the run
            </IntentLink>
          ) : null}
        </div>
        <ApprovalStatusCorner approval={approval} conflict={conflict} remaining={remaining} now={now} />
      </header>

      <ApprovalKindForm
        kind={approval.kind}
        ref={form}
        payload={approval.payload}
        source={approval.source}
        editable={canAnswer}
        sending={submitting !== null}
        idPrefix={idPrefix}
      />

      {approval.status !== 'pending' ? <ApprovalDecisionLine approval={approval} /> : null}
      {!pending && approval.response ? <JsonDisclosure value={approval.response} label="Answer" /> : null}

      {conflict ? (
        <p role="status" className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700">
          {conflict.reason === 'already_answered' ? 'Already answered: ' : ''}
          {conflict.message}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {failure}
        </p>
      ) : null}

      {expiredLocally && !readOnly && conflict === null ? (
        <p role="status" className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700">
          This request expired without an answer; it counts as denied.
        </p>
      ) : null}

      {/* Only an open request has buttons: once decided, the card shows the decision instead. */}
      {!readOnly && pending ? (
        <ApprovalAnswerFooter
          labels={APPROVAL_KINDS[approval.kind].actions}
          disabled={!canAnswer || submitting !== null}
          submitting={submitting}
          idPrefix={idPrefix}
          onApprove={approve}
          onDeny={(reason) => void submit(denyAnswer(reason))}
        />
      ) : null}
    </article>
  )
}

/** The kind's own part of the card; the kinds with inputs hand their approve answer over `ref`. */
function ApprovalKindForm({ kind, ...props }: ApprovalFormProps & { kind: ApprovalKind; ref: Ref<ApprovalFormHandle> }) {
  switch (kind) {
    case 'sampling':
      return <SamplingApprovalForm {...props} />
    case 'tool_call':
      return <ToolCallDetails payload={props.payload} />
    case 'elicitation':
      return <ElicitationApprovalForm {...props} />
    case 'human_input':
      return <HumanInputApprovalForm {...props} />
  }
}
