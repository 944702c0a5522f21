/** The typed calls of a workflow's triggers (issue #32): schedules, webhooks and the runs each started. */
import { fetchJson, fetchParsed, postJson } from '@/components/api-client'
import type { RunSummary } from '@/lib/contracts/runs'
import {
  scheduleListResponseSchema,
  scheduleResponseSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
  webhookWithSecretResponseSchema,
  type ScheduleView,
  type UpdateScheduleBody,
  type WebhookView,
} from '@/lib/contracts/triggers'
import type { z } from 'zod'

const base = (workflowId: string) => `/api/workflows/${encodeURIComponent(workflowId)}`

export type NewSchedule = { name?: string; cron: string; timeZone: string; input?: string; missedRuns: 'skip' | 'run_once' }
export type WebhookWithSecret = z.output<typeof webhookWithSecretResponseSchema>

export async function listSchedules(workflowId: string): Promise<ScheduleView[]> {
  return (await fetchParsed(scheduleListResponseSchema, `${base(workflowId)}/schedules`)).schedules
}

export async function createSchedule(workflowId: string, body: NewSchedule): Promise<ScheduleView> {
  return scheduleResponseSchema.parse(await postJson(`${base(workflowId)}/schedules`, body)).schedule
}

export async function updateSchedule(workflowId: string, scheduleId: string, body: UpdateScheduleBody): Promise<ScheduleView> {
  const url = `${base(workflowId)}/schedules/${encodeURIComponent(scheduleId)}`
  return (await fetchParsed(scheduleResponseSchema, url, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }))
    .schedule
}

export async function deleteSchedule(workflowId: string, scheduleId: string): Promise<void> {
  await fetchJson(`${base(workflowId)}/schedules/${encodeURIComponent(scheduleId)}`, { method: 'DELETE' })
}

export async function listWebhooks(workflowId: string): Promise<WebhookView[]> {
  return (await fetchParsed(webhookListResponseSchema, `${base(workflowId)}/webhooks`)).webhooks
}

export async function createWebhook(workflowId: string, body: { name?: string; rateLimitPerMinute?: number }): Promise<WebhookWithSecret> {
  return webhookWithSecretResponseSchema.parse(await postJson(`${base(workflowId)}/webhooks`, body))
}

export async function rotateWebhook(workflowId: string, hookId: string): Promise<WebhookWithSecret> {
  return webhookWithSecretResponseSchema.parse(await postJson(`${base(workflowId)}/webhooks/${encodeURIComponent(hookId)}/rotate`, {}))
}

export async function updateWebhook(workflowId: string, hookId: string, body: { enabled?: boolean; name?: string }): Promise<WebhookView> {
  const url = `${base(workflowId)}/webhooks/${encodeURIComponent(hookId)}`
  return (await fetchParsed(webhookResponseSchema, url, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }))
    .webhook
}

export async function deleteWebhook(workflowId: string, hookId: string): Promise<void> {
  await fetchJson(`${base(workflowId)}/webhooks/${encodeURIComponent(hookId)}`, { method: 'DELETE' })
}

/** The runs a schedule or webhook started, newest first. */
export async function listTriggerRuns(triggerId: string): Promise<RunSummary[]> {
  return (await fetchJson<{ runs: RunSummary[] }>(`/api/runs?${new URLSearchParams({ triggerId, limit: '10' }).toString()}`)).runs
}
