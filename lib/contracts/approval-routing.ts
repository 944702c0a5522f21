/**
 * The HTTP contracts of a workspace's approval routing (issue #30): a Slack-compatible incoming webhook told of every
 * approval its runs raise, and escalation to the workspace's owners when one waits too long. Browser-safe.
 *
 * The webhook's URL is a secret (whoever has it may post to the channel): it is written, never read back. A view
 * says only that one is configured, and for which host.
 */
import { z } from 'zod'

/** The longest escalation delay: a week. */
export const MAX_ESCALATION_MINUTES = 7 * 24 * 60

export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, 'Paste the incoming-webhook URL.')
  .max(2000, 'The webhook URL is at most 2000 characters.')
  .refine((value) => URL.canParse(value), 'Not a URL.')

export const escalationMinutesSchema = z
  .number()
  .int('The escalation delay is a whole number of minutes.')
  .min(1, 'The escalation delay is at least 1 minute.')
  .max(MAX_ESCALATION_MINUTES, `The escalation delay is at most ${MAX_ESCALATION_MINUTES} minutes (a week).`)

/**
 * `PUT /api/workspaces/:id/approval-routing`: what changes. `webhookUrl`: a new URL replaces the old one, null removes
 * it, absent keeps it. `escalationMinutes`: null turns escalation off, absent keeps it.
 */
export const approvalRoutingRequestSchema = z
  .object({
    webhookUrl: webhookUrlSchema.nullable().optional(),
    escalationMinutes: escalationMinutesSchema.nullable().optional(),
  })
  .strict()
export type ApprovalRoutingRequest = z.infer<typeof approvalRoutingRequestSchema>

/** `10 minutes`, `1 minute`, `1.5 minutes`: how the settings and their errors say a delay. */
export function formatMinutes(minutes: number): string {
  const shown = Number.isInteger(minutes) ? String(minutes) : minutes.toFixed(1).replace(/\.0$/, '')
  return `${shown} minute${shown === '1' ? '' : 's'}`
}

export const approvalRoutingViewSchema = z.object({
  workspaceId: z.string(),
  webhookConfigured: z.boolean(),
  /** The webhook's host (e.g. `hooks.slack.com`), never its URL; null without a webhook. */
  webhookHost: z.string().nullable(),
  /** Minutes before a pending approval is escalated to the owners; null: never. */
  escalationMinutes: z.number().int().nullable(),
  /** How long an approval waits on this server before it expires (AGENTLOOM_APPROVAL_TIMEOUT_MS): the delay must be shorter. */
  approvalTimeoutMinutes: z.number(),
  updatedAt: z.string().nullable(),
})
export type ApprovalRoutingView = z.infer<typeof approvalRoutingViewSchema>
export const approvalRoutingResponseSchema = z.object({ routing: approvalRoutingViewSchema })

/** `POST /api/workspaces/:id/approval-routing/test`: sends a test message to the saved webhook. */
export const approvalWebhookTestRequestSchema = z.object({}).strict()

/**
 * What happened to the test message: `delivered`; `refused` by the outbound policy (its reason names the host and the
 * kind of address); `failed`: the webhook answered an error (`remoteStatus`) or could not be reached.
 */
export const approvalWebhookTestResultSchema = z.object({
  outcome: z.enum(['delivered', 'refused', 'failed']),
  message: z.string(),
  remoteStatus: z.number().int().nullable(),
})
export type ApprovalWebhookTestResult = z.infer<typeof approvalWebhookTestResultSchema>
export const approvalWebhookTestResponseSchema = z.object({ test: approvalWebhookTestResultSchema })
