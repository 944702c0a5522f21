import { runIdParams, runSummaryResponseSchema } from '@/lib/contracts/runs'
import { defineRoute, ok } from '@/lib/server/define-route'

export const POST = defineRoute({
  method: 'POST',
  path: '/api/runs/[id]/cancel',
  access: 'owned',
  workspace: { resource: 'run', role: 'runner' },
  summary: 'Cancel a run',
  tag: 'runs',
  params: runIdParams,
  responses: ok(runSummaryResponseSchema),
  errors: [409],
  handler: async ({ principal, services, params }) => ({ run: await services.runs.cancel(principal, params.id) }),
})
