'use client'

import Link from 'next/link'
import { useId, useMemo, useState } from 'react'
import { Badge, Button, Textarea, cn, type BadgeTone } from '@/components/ui'
import { JsonBlock, JsonDisclosure } from '@/components/runs/JsonBlock'
import { LocalTime } from '@/components/runs/LocalTime'
import { useNow } from '@/components/runs/use-now'
import type { AnswerApprovalBody, ApprovalKind, ApprovalStatus, ApprovalView } from '@/lib/contracts/approvals'
import { answerApproval } from './approval-api'
import {
  parseTokenCap,
  readElicitationRequest,
  readHumanInputPrompt,
  readSamplingRequest,
  readToolCallRequest,
  tokenCapBounds,
  tokenCapToSend,
} from './approval-payload'
import { ElicitationForm } from './ElicitationForm'
import { collectAnswers, initialFormValues, schemaToFields, type FormValue, type FormValues } from './elicitation-schema'
import { describeExpiry, isExpiringSoon, msUntil } from './expiry'
import { SamplingDetails } from './SamplingDetails'

const KIND_LABEL: Record<ApprovalKind, string> = {
  sampling: 'Sampling request',
  tool_call: 'Tool call',
  elicitation: 'Information request',
  human_input: 'Question',
}

const ACTIONS: Record<ApprovalKind, { approve: string; deny: string }> = {
  sampling: { approve: 'Approve', deny: 'Deny' },
  tool_call: { approve: 'Allow', deny: 'Deny' },
  elicitation: { approve: 'Submit', deny: 'Decline' },
  human_input: { approve: 'Send answer', deny: 'Decline' },
}

const STATUS: Record<Exclude<ApprovalStatus, 'pending'>, { label: string; tone: BadgeTone }> = {
  approved: { label: 'Approved', tone: 'success' },
  denied: { label: 'Denied', tone: 'danger' },
  expired: { label: 'Expired', tone: 'neutral' },
}

export interface ApprovalCardProps {
  approval: ApprovalView
  /** Called with the server's answer after this card decided the approval. */
  onAnswered?: (approval: ApprovalView) => void
  /** Shows the request without any buttons (shared views). */
  readOnly?: boolean
  /** Adds a link to the approval's run (the inbox). */
  showRunLink?: boolean
}

type Conflict = { reason: 'already_answered' | 'expired'; message: string }

/** One approval: what is asked, an expiry countdown, and Approve / Deny (with the kind's own inputs). */
export function ApprovalCard({ approval: given, onAnswered, readOnly = false, showRunLink = false }: ApprovalCardProps) {
  const idPrefix = useId()
  const [answered, setAnswered] = useState<ApprovalView | null>(null)
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const [submitting, setSubmitting] = useState<'approve' | 'deny' | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [reason, setReason] = useState('')
  // Once the person pressed a button, the card keeps its (disabled) buttons whatever arrives first.
  const [interacted, setInteracted] = useState(false)

  // What the server said last wins; a local answer covers the gap until the prop catches up.
  const approval = given.status === 'pending' && answered ? answered : given
  const pending = approval.status === 'pending' && conflict === null
  const now = useNow(1_000, pending)
  const remaining = now === null ? null : msUntil(approval.expiresAt, now)
  const expiredLocally = pending && remaining !== null && remaining <= 0
  const canAnswer = pending && !readOnly && !expiredLocally

  const sampling = useMemo(() => (approval.kind === 'sampling' ? readSamplingRequest(approval.payload, approval.source) : null), [approval])
  const bounds = sampling ? tokenCapBounds(sampling) : null
  const [capText, setCapText] = useState(() => (bounds ? String(bounds.max) : ''))
  const [capError, setCapError] = useState<string | undefined>()

  const elicitation = useMemo(() => (approval.kind === 'elicitation' ? readElicitationRequest(approval.payload) : null), [approval])
  const fields = useMemo(() => (elicitation ? schemaToFields(elicitation.requestedSchema) : []), [elicitation])
  const [formValues, setFormValues] = useState<FormValues>(() => initialFormValues(fields))
  const [formErrors, setFormErrors] = useState<Record<string, string>>({})

  const [answerText, setAnswerText] = useState('')
  const [answerError, setAnswerError] = useState<string | undefined>()

  /** Builds the approve answer, or shows what is missing and returns null. */
  function approveAnswer(): AnswerApprovalBody | null {
    if (approval.kind === 'sampling' && bounds) {
      const cap = parseTokenCap(capText, bounds)
      setCapError(cap.ok ? undefined : cap.error)
      if (!cap.ok) return null
      const maxTokens = tokenCapToSend(cap.value, bounds)
      return maxTokens === undefined ? { decision: 'approve' } : { decision: 'approve', maxTokens }
    }
    if (approval.kind === 'human_input') {
      const text = answerText.trim()
      setAnswerError(text === '' ? 'Write an answer first.' : undefined)
      return text === '' ? null : { decision: 'approve', content: { text } }
    }
    if (approval.kind === 'elicitation') {
      const result = collectAnswers(fields, formValues)
      setFormErrors(result.ok ? {} : result.errors)
      return result.ok ? { decision: 'approve', content: result.content } : null
    }
    return { decision: 'approve' }
  }

  async function submit(decision: 'approve' | 'deny') {
    const trimmedReason = reason.trim()
    const answer: AnswerApprovalBody | null =
      decision === 'approve' ? approveAnswer() : { decision: 'deny', ...(trimmedReason ? { reason: trimmedReason } : {}) }
    if (!answer) return
    setInteracted(true)
    setSubmitting(decision)
    setFailure(null)
    const outcome = await answerApproval(approval.id, answer)
    setSubmitting(null)
    if (outcome.ok) {
      setAnswered(outcome.approval)
      onAnswered?.(outcome.approval)
    } else if (outcome.reason === 'error') {
      setFailure(outcome.message)
    } else {
      setConflict({ reason: outcome.reason, message: outcome.message })
    }
  }

  const disabled = !canAnswer || submitting !== null
  const actions = ACTIONS[approval.kind]

  return (
    <article
      data-testid="approval-card"
      data-approval-id={approval.id}
      data-status={conflict ? conflict.reason : approval.status}
      aria-label={`${KIND_LABEL[approval.kind]}: ${approval.title}`}
      className={cn(
        'flex flex-col gap-3 rounded-lg border bg-white p-4 shadow-sm',
        canAnswer ? 'border-amber-300 ring-1 ring-amber-100' : 'border-zinc-200',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <Badge tone="warning">{KIND_LABEL[approval.kind]}</Badge>
            <span className="truncate text-xs text-zinc-500">from {approval.source}</span>
          </div>
          <h3 className="mt-1 text-sm font-semibold break-words text-zinc-900">{approval.title}</h3>
          {showRunLink && approval.runId ? (
            <Link
              href={`/runs/${approval.runId}`}
              className="text-xs text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              Open the run
            </Link>
          ) : null}
        </div>
        <StatusCorner approval={approval} conflict={conflict} remaining={remaining} now={now} />
      </header>

      {approval.kind === 'sampling' && sampling ? (
        <SamplingDetails
          request={sampling}
          bounds={bounds}
          capText={capText}
          capError={capError}
          onCapChange={(text) => {
            setCapText(text)
            setCapError(undefined)
          }}
          editable={canAnswer}
          idPrefix={idPrefix}
        />
      ) : null}

      {approval.kind === 'tool_call' ? <ToolCallDetails payload={approval.payload} /> : null}

      {approval.kind === 'human_input' ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm whitespace-pre-wrap text-zinc-800">{readHumanInputPrompt(approval.payload) || 'The workflow asks for input.'}</p>
          {canAnswer ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${idPrefix}-answer`} className="text-xs font-medium text-zinc-600">
                Your answer
              </label>
              <Textarea
                id={`${idPrefix}-answer`}
                data-testid="approval-answer"
                rows={3}
                value={answerText}
                aria-invalid={answerError ? true : undefined}
                onChange={(event) => {
                  setAnswerText(event.target.value)
                  setAnswerError(undefined)
                }}
              />
              {answerError ? <p className="text-xs text-red-600">{answerError}</p> : null}
            </div>
          ) : null}
        </div>
      ) : null}

      {approval.kind === 'elicitation' && elicitation ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm whitespace-pre-wrap text-zinc-800">{elicitation.message}</p>
          {canAnswer ? (
            <ElicitationForm
              fields={fields}
              values={formValues}
              errors={formErrors}
              disabled={disabled}
              idPrefix={idPrefix}
              onChange={(name: string, value: FormValue) => {
                setFormValues((values) => ({ ...values, [name]: value }))
                setFormErrors(({ [name]: _fixed, ...rest }) => rest)
              }}
            />
          ) : null}
        </div>
      ) : null}

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

      {!readOnly && (given.status === 'pending' || interacted) ? (
        <footer className="flex flex-wrap items-end justify-between gap-3 border-t border-zinc-100 pt-3">
          <details className="min-w-0 flex-1 text-xs text-zinc-600">
            <summary className="cursor-pointer rounded select-none hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500">
              Add a reason
            </summary>
            <label htmlFor={`${idPrefix}-reason`} className="sr-only">
              Reason (optional)
            </label>
            <Textarea
              id={`${idPrefix}-reason`}
              data-testid="approval-deny-reason"
              rows={2}
              className="mt-1"
              placeholder="Optional; sent back with the denial"
              maxLength={2000}
              value={reason}
              disabled={disabled}
              onChange={(event) => setReason(event.target.value)}
            />
          </details>
          <div className="flex gap-2">
            <Button variant="danger" data-testid="approval-deny" disabled={disabled} onClick={() => void submit('deny')}>
              {submitting === 'deny' ? 'Sending…' : actions.deny}
            </Button>
            <Button variant="primary" data-testid="approval-approve" disabled={disabled} onClick={() => void submit('approve')}>
              {submitting === 'approve' ? 'Sending…' : actions.approve}
            </Button>
          </div>
        </footer>
      ) : null}
    </article>
  )
}

function StatusCorner({
  approval,
  conflict,
  remaining,
  now,
}: {
  approval: ApprovalView
  conflict: Conflict | null
  remaining: number | null
  now: number | null
}) {
  if (conflict) return <Badge tone="neutral">{conflict.reason === 'expired' ? 'Expired' : 'Already answered'}</Badge>
  if (approval.status !== 'pending') {
    const status = STATUS[approval.status]
    return (
      <div className="flex flex-col items-end gap-1">
        <Badge tone={status.tone} data-testid="approval-status">
          {status.label}
        </Badge>
        {approval.decidedAt ? <LocalTime iso={approval.decidedAt} className="text-[11px] text-zinc-400" /> : null}
      </div>
    )
  }
  if (now === null || remaining === null) return null
  const soon = isExpiringSoon(approval.expiresAt, now)
  return (
    <span
      className={cn('rounded-md px-2 py-1 font-mono text-xs tabular-nums', soon || remaining <= 0 ? 'bg-red-50 text-red-700' : 'bg-zinc-100 text-zinc-600')}
      data-testid="approval-countdown"
      role="timer"
      aria-live="off"
    >
      {describeExpiry(approval.expiresAt, now)}
    </span>
  )
}

function ToolCallDetails({ payload }: { payload: unknown }) {
  const call = readToolCallRequest(payload)
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-zinc-800">
        Wants to call <code className="rounded bg-zinc-100 px-1 font-mono text-[13px]">{call.toolName}</code> with:
      </p>
      <JsonBlock value={call.arguments} />
    </div>
  )
}
