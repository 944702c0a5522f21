import { scheduleParams, scheduleResponseSchema, updateScheduleBody } from '@/lib/contracts/triggers'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workflows/[id]/schedules/[scheduleId]',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'viewer' },
  summary: 'A schedule, with its next fire times',
  tag: 'triggers',
  params: scheduleParams,
  responses: ok(scheduleResponseSchema),
  handler: async ({ principal, services, params }) => ({ schedule: await services.schedules.get(principal, params.id, params.scheduleId) }),
})

export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/workflows/[id]/schedules/[scheduleId]',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: 'Change a schedule; `enabled: false` pauses it, `true` resumes it (fire times missed meanwhile follow missedRuns)',
  tag: 'triggers',
  params: scheduleParams,
  body: updateScheduleBody,
  example: () => ({ enabled: false }),
  responses: ok(scheduleResponseSchema),
  handler: async ({ principal, services, params, body }) => ({ schedule: await services.schedules.update(principal, params.id, params.scheduleId, body) }),
})

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/workflows/[id]/schedules/[scheduleId]',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: 'Delete a schedule (its runs stay)',
  tag: 'triggers',
  params: scheduleParams,
  responses: { 204: { description: 'Deleted' } },
  handler: async ({ principal, services, params }) => {
    await services.schedules.remove(principal, params.id, params.scheduleId)
  },
})
