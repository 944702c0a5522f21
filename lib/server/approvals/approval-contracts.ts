import { z } from 'zod'
import { atMostKeys } from '../contracts/bounded'
import { PG_INT_MAX, safeJson, safeText } from '../contracts/safe-text'

export const approvalIdParams = z.object({ id: z.string().uuid('Not an approval id.') })

export const listApprovalsQuery = z.object({
  status: z.enum(['pending', 'approved', 'denied', 'expired']).optional(),
  runId: z.string().uuid().optional(),
})

export const answerApprovalBody = z.object({
  decision: z.enum(['approve', 'deny']),
  /** Sampling: a lower token cap than the server asked for. */
  maxTokens: z.number().int().positive().max(PG_INT_MAX).optional(),
  reason: safeText().max(2000).optional(),
  /** Elicitation answers, or a human-input reply as `{ text }`. */
  content: safeJson(atMostKeys(z.record(z.string().max(200), z.unknown()))).optional(),
})
export type AnswerApprovalBody = z.infer<typeof answerApprovalBody>
