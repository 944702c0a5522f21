/**
 * The HTTP contracts of a workflow's triggers (issue #32): its schedules (cron + time zone) and webhooks
 * (`POST /api/hooks/:id`, signed), and the `trigger` a run they start records.
 */
import { z } from 'zod'
import { cronProblem, isTimeZone } from './cron-schedule'
import { safeText } from './safe-text'

/** What started a run other than a person: a schedule's fire time or a webhook call. */
export const runTriggerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('schedule'), scheduleId: z.string(), fireAt: z.string() }),
  z.object({ kind: z.literal('webhook'), hookId: z.string() }),
  /** A visitor of the workflow's public form (issue #32) submitted it. */
  z.object({ kind: z.literal('published'), publicationId: z.string() }),
])
export type RunTrigger = z.infer<typeof runTriggerSchema>

export const workflowTriggerParams = z.object({ id: safeText().min(1).max(100) })
export const scheduleParams = z.object({ id: safeText().min(1).max(100), scheduleId: z.string().uuid('Not a schedule id.') })
export const webhookParams = z.object({ id: safeText().min(1).max(100), hookId: z.string().uuid('Not a webhook id.') })

export const missedRunsSchema = z.enum(['skip', 'run_once'])
export type MissedRuns = z.infer<typeof missedRunsSchema>

const cronSchema = safeText()
  .trim()
  .min(1)
  .max(200)
  .superRefine((value, context) => {
    const problem = cronProblem(value)
    if (problem) context.addIssue({ code: 'custom', message: problem })
  })
const timeZoneSchema = safeText().max(100).refine(isTimeZone, 'Not an IANA time zone (such as Europe/Paris or UTC).')
const nameSchema = safeText().trim().max(200)
/** The run's input: text, or the JSON text of an object with the start node's declared fields (checked when saved). */
const inputSchema = safeText().max(100_000)

export const createScheduleBody = z.object({
  name: nameSchema.default(''),
  cron: cronSchema,
  timeZone: timeZoneSchema.default('UTC'),
  input: inputSchema.default(''),
  enabled: z.boolean().default(true),
  missedRuns: missedRunsSchema.default('skip'),
})
export type CreateScheduleBody = z.infer<typeof createScheduleBody>

export const updateScheduleBody = z
  .object({
    name: nameSchema,
    cron: cronSchema,
    timeZone: timeZoneSchema,
    input: inputSchema,
    enabled: z.boolean(),
    missedRuns: missedRunsSchema,
  })
  .partial()
export type UpdateScheduleBody = z.infer<typeof updateScheduleBody>

export const scheduleViewSchema = z.object({
  id: z.string(),
  workflowId: z.string(),
  name: z.string(),
  cron: z.string(),
  timeZone: z.string(),
  /** The cron in plain words, when it can be said. */
  description: z.string().nullable(),
  input: z.string(),
  enabled: z.boolean(),
  missedRuns: missedRunsSchema,
  /** The next fire times (none while paused). */
  nextFireTimes: z.array(z.string()),
  lastFiredAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
})
export type ScheduleView = z.infer<typeof scheduleViewSchema>

export const scheduleResponseSchema = z.object({ schedule: scheduleViewSchema })
export const scheduleListResponseSchema = z.object({ schedules: z.array(scheduleViewSchema) })

export const createWebhookBody = z.object({
  name: nameSchema.default(''),
  rateLimitPerMinute: z.number().int().min(1).max(10_000).default(60),
})
export type CreateWebhookBody = z.infer<typeof createWebhookBody>

export const updateWebhookBody = z.object({ name: nameSchema, enabled: z.boolean(), rateLimitPerMinute: z.number().int().min(1).max(10_000) }).partial()
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>

export const webhookViewSchema = z.object({
  id: z.string(),
  workflowId: z.string(),
  name: z.string(),
  /** The path to POST to: `/api/hooks/<id>` (prefix the server's address). */
  path: z.string(),
  enabled: z.boolean(),
  rateLimitPerMinute: z.number().int(),
  lastCalledAt: z.string().nullable(),
  createdAt: z.string(),
})
export type WebhookView = z.infer<typeof webhookViewSchema>

export const webhookResponseSchema = z.object({ webhook: webhookViewSchema })
export const webhookListResponseSchema = z.object({ webhooks: z.array(webhookViewSchema) })
/** Made or rotated: the secret, this once. */
export const webhookWithSecretResponseSchema = z.object({ webhook: webhookViewSchema, secret: z.string() })

export const hookParams = z.object({ id: z.string().uuid() })
/** `?wait=true`: answer with the run's outputs once it ends (bounded), rather than 202 at once. */
export const hookQuery = z.object({ wait: z.enum(['true', 'false']).optional() })

/** 202: the run started. */
export const hookAcceptedSchema = z.object({ runId: z.string(), status: z.string() })
/** 200 with `?wait=true`: the run ended (or still goes on after the wait: `status` says so). */
export const hookResultSchema = z.object({ runId: z.string(), status: z.string(), outputs: z.array(z.unknown()).nullable(), error: z.string().nullable() })

export const SIGNATURE_HEADER = 'agentloom-signature'
