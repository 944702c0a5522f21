import { createScheduleBody, scheduleListResponseSchema, scheduleResponseSchema, workflowTriggerParams } from '@/lib/contracts/triggers'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workflows/[id]/schedules',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'viewer' },
  summary: "A workflow's schedules, with their next fire times",
  tag: 'triggers',
  params: workflowTriggerParams,
  responses: ok(scheduleListResponseSchema),
  handler: async ({ principal, services, params }) => ({ schedules: await services.schedules.list(principal, params.id) }),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/workflows/[id]/schedules',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary:
    'Schedule runs of the latest version: a cron (5 fields, or 6 with seconds first) in an IANA time zone, with an input checked against the declared fields (400 invalid_run_input); missedRuns says what fire times missed while down or paused become (skip, or run_once)',
  tag: 'triggers',
  params: workflowTriggerParams,
  body: createScheduleBody,
  example: () => ({ cron: '0 9 * * 1-5', timeZone: 'Europe/Paris' }),
  responses: created(scheduleResponseSchema),
  handler: async ({ principal, services, params, body }) => ({ schedule: await services.schedules.create(principal, params.id, body) }),
})
