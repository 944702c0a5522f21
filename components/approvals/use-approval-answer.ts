'use client'

/**
 * The state of answering one approval from its card: sending, the server's verdict (answered,
 * already answered or expired elsewhere, failed).
 */
import { useReducer } from 'react'
import { useAnswerApproval } from '@/components/queries/approvals'
import type { AnswerApprovalBody, ApprovalView } from '@/lib/contracts/approvals'
import type { AnswerOutcome } from './approvals-api'

export type AnswerConflict = { reason: 'already_answered' | 'expired'; message: string }

export interface AnswerState {
  /** The server's record of the approval after this card decided it. */
  answered: ApprovalView | null
  /** Someone else answered first, or the request expired, before this card's answer arrived. */
  conflict: AnswerConflict | null
  /** Why the last answer did not get through (it can be sent again). */
  failure: string | null
}

export const UNANSWERED: AnswerState = { answered: null, conflict: null, failure: null }

export type AnswerEvent = { type: 'sent' } | { type: 'settled'; outcome: AnswerOutcome }

export function answerReducer(state: AnswerState, event: AnswerEvent): AnswerState {
  if (event.type === 'sent') return { ...state, failure: null }
  const { outcome } = event
  if (outcome.ok) return { ...state, answered: outcome.approval }
  if (outcome.reason === 'error') return { ...state, failure: outcome.message }
  return { ...state, conflict: { reason: outcome.reason, message: outcome.message } }
}

/** What the server said last wins; this card's own answer covers the gap until the prop catches up. */
export function shownApproval(given: ApprovalView, answered: ApprovalView | null): ApprovalView {
  return given.status === 'pending' && answered ? answered : given
}

export interface ApprovalAnswer extends Omit<AnswerState, 'answered'> {
  /** The approval as the card shows it (see shownApproval). */
  approval: ApprovalView
  /** The decision being sent, while it is. */
  submitting: AnswerApprovalBody['decision'] | null
  submit: (answer: AnswerApprovalBody) => Promise<void>
}

export function useApprovalAnswer(given: ApprovalView, onAnswered?: (approval: ApprovalView) => void): ApprovalAnswer {
  const [{ answered, ...state }, dispatch] = useReducer(answerReducer, UNANSWERED)
  const send = useAnswerApproval()

  const submit = async (answer: AnswerApprovalBody) => {
    dispatch({ type: 'sent' })
    // mutateAsync rather than mutate's callbacks: the answer counts even if the card is gone by then.
    const outcome = await send.mutateAsync({ id: given.id, answer })
    dispatch({ type: 'settled', outcome })
    if (outcome.ok) onAnswered?.(outcome.approval)
  }

  return {
    ...state,
    approval: shownApproval(given, answered),
    submitting: send.isPending ? (send.variables?.answer.decision ?? null) : null,
    submit,
  }
}
