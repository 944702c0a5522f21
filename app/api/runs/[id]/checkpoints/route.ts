import { checkpointListSchema } from '@/lib/contracts/run-forks'
import { runIdParams } from '@/lib/contracts/runs'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/runs/[id]/checkpoints',
  access: 'owned',
  workspace: { resource: 'run', role: 'viewer' },
  summary: "List a run's checkpoints, one per superstep, with what each holds",
  tag: 'runs',
  params: runIdParams,
  responses: ok(checkpointListSchema),
  handler: async ({ principal, services, params }) => ({ checkpoints: await services.runCheckpoints.list(principal, params.id) }),
})
