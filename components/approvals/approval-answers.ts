/**
 * The answers an approval card sends, built from what the person filled in. Each builder gives
 * the answer, or what to show the person instead when the input is not an answer yet.
 */
import type { AnswerApprovalBody } from '@/lib/contracts/approvals'
import { parseTokenCap, tokenCapToSend, type TokenCapBounds } from './approval-payload'
import { collectAnswers, type FormField, type FormValues } from './elicitation-schema'

export type Built<Problem> = { ok: true; answer: AnswerApprovalBody } | ({ ok: false } & Problem)

const APPROVE: AnswerApprovalBody = { decision: 'approve' }

/** Sampling: approve, with `maxTokens` only when the person lowered the cap (a request without one has nothing to lower). */
export function samplingAnswer(capText: string, bounds: TokenCapBounds | null, approveRestOfRun = false): Built<{ capError: string }> {
  // "The rest of this run's requests from this server" are approved by the server without a card.
  const approve: AnswerApprovalBody = approveRestOfRun ? { ...APPROVE, approveRestOfRun: true } : APPROVE
  if (!bounds) return { ok: true, answer: approve }
  const cap = parseTokenCap(capText, bounds)
  if (!cap.ok) return { ok: false, capError: cap.error }
  const maxTokens = tokenCapToSend(cap.value, bounds)
  return { ok: true, answer: maxTokens === undefined ? approve : { ...approve, maxTokens } }
}

/** A workflow's question: the reply, trimmed; an empty one is not an answer. */
export function humanInputAnswer(text: string): Built<{ error: string }> {
  const reply = text.trim()
  return reply === '' ? { ok: false, error: 'Write an answer first.' } : { ok: true, answer: { decision: 'approve', content: { text: reply } } }
}

/** An MCP elicitation: the form's values, checked against the fields the server asked for. */
export function elicitationAnswer(fields: readonly FormField[], values: FormValues): Built<{ errors: Record<string, string> }> {
  const result = collectAnswers(fields, values)
  return result.ok ? { ok: true, answer: { decision: 'approve', content: result.content } } : { ok: false, errors: result.errors }
}

/** A denial, with the person's reason when they wrote one. */
export function denyAnswer(reason: string): AnswerApprovalBody {
  const trimmed = reason.trim()
  return trimmed ? { decision: 'deny', reason: trimmed } : { decision: 'deny' }
}
