/**
 * The HTTP contracts of approvals: what `GET /api/approvals`, `GET|POST /api/approvals/:id` take
 * and answer, and the approval a run view and the approval run events carry.
 */
import { z } from 'zod'
import { atMostKeys } from './bounded'
import { PG_INT_MAX, safeJson, safeText } from './safe-text'
import { workspaceIdSchema } from './workspace-roles'

export const approvalKindSchema = z.enum(['sampling', 'tool_call', 'elicitation', 'human_input', 'breakpoint'])
export type ApprovalKind = z.infer<typeof approvalKindSchema>

export const approvalStatusSchema = z.enum(['pending', 'approved', 'denied', 'expired'])
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>

export const approvalIdParams = z.object({ id: z.string().uuid('Not an approval id.') })

export const listApprovalsQuery = z.object({
  status: approvalStatusSchema.optional(),
  runId: z.string().uuid().optional(),
  /** Only the approvals of runs in this workspace. */
  workspaceId: workspaceIdSchema.optional(),
})

export const answerApprovalBody = z.object({
  decision: z.enum(['approve', 'deny']),
  /** Sampling: a lower token cap than the server asked for. */
  maxTokens: z.number().int().positive().max(PG_INT_MAX).optional(),
  reason: safeText().max(2000).optional(),
  /** Sampling, approving: the rest of this run's requests from the same server are approved without asking. */
  approveRestOfRun: z.boolean().optional(),
  /** Elicitation answers, or a human-input reply as `{ text }`. */
  content: safeJson(atMostKeys(z.record(z.string().max(200), z.unknown()))).optional(),
})
/** What a person sends to answer an approval (the form, before the defaults of the server). */
export type AnswerApprovalBody = z.infer<typeof answerApprovalBody>

export const approvalViewSchema = z.object({
  id: z.string(),
  /** Null for approvals raised outside a run. */
  runId: z.string().nullable(),
  kind: approvalKindSchema,
  status: approvalStatusSchema,
  /** Who asks: an MCP server, a tool, a workflow node. */
  source: z.string(),
  title: z.string(),
  /** What the request is about; its shape depends on `kind` (see components/approvals/approval-payload.ts). */
  payload: z.record(z.string(), z.unknown()),
  /** The answer, once there is one. */
  response: z.record(z.string(), z.unknown()).nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The run's workspace: its approvers and owners (and whoever started the run) may answer. */
  workspaceId: z.string().nullable().optional(),
  /** Who answered (null while pending, when it expired, and for automatic decisions). */
  decidedById: z.string().nullable().optional(),
  /** When it had waited past its workspace's escalation delay and was escalated to the owners. */
  escalatedAt: z.string().nullable().optional(),
})
export type ApprovalView = z.infer<typeof approvalViewSchema>

/** `GET /api/approvals`. */
export const approvalListResponseSchema = z.object({ approvals: z.array(approvalViewSchema) })
export type ApprovalListResponse = z.infer<typeof approvalListResponseSchema>

/** `GET|POST /api/approvals/:id`. */
export const approvalResponseSchema = z.object({ approval: approvalViewSchema })
export type ApprovalResponse = z.infer<typeof approvalResponseSchema>

/**
 * `GET /api/approvals/events` (Server-Sent Events): one `pending` event when the stream opens and
 * another whenever one of the person's approvals is created, answered or closed, carrying how many
 * of theirs still wait (the navigation's badge; the inbox refetches its list on each).
 */
export const APPROVAL_INBOX_EVENT = 'pending'
export const approvalInboxEventSchema = z.object({ pending: z.number().int().min(0) })
export type ApprovalInboxEvent = z.infer<typeof approvalInboxEventSchema>

/**
 * `escalated` on the same stream, to the workspace's owners only: a pending approval waited past the workspace's
 * escalation delay (the owners' browser notification says so).
 */
export const APPROVAL_ESCALATED_EVENT = 'escalated'
export const approvalEscalatedEventSchema = z.object({ approvalId: z.string() })
export type ApprovalEscalatedEvent = z.infer<typeof approvalEscalatedEventSchema>
