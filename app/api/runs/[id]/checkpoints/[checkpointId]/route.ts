import { checkpointDetailSchema, checkpointParams } from '@/lib/contracts/run-forks'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/runs/[id]/checkpoints/[checkpointId]',
  access: 'owned',
  workspace: { resource: 'run', role: 'viewer' },
  summary: "Read the state at one of a run's checkpoints: executors, messages in flight, agents' conversations, pending requests (redacted)",
  tag: 'runs',
  params: checkpointParams,
  responses: ok(checkpointDetailSchema),
  handler: ({ principal, services, params }) => services.runCheckpoints.get(principal, params.id, params.checkpointId),
})
