import { createdForkSchema, createForkBody, runForksSchema } from '@/lib/contracts/run-forks'
import { runIdParams } from '@/lib/contracts/runs'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/runs/[id]/forks',
  access: 'owned',
  workspace: { resource: 'run', role: 'viewer' },
  summary: 'The run, the run it was forked from and its forks, with outputs, event counts and tokens to compare them',
  tag: 'runs',
  params: runIdParams,
  responses: ok(runForksSchema),
  handler: ({ principal, services, params }) => services.runForks.tree(principal, params.id),
})

/** A new run from a copy of one of the run's checkpoints (edited, on another version of the same shape): queued like any run. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/runs/[id]/forks',
  access: 'owned',
  workspace: { resource: 'run', role: 'runner' },
  summary: 'Fork a run from one of its checkpoints (replay, or with edits, or on a newer version of the same graph)',
  tag: 'runs',
  params: runIdParams,
  body: createForkBody,
  example: () => ({ checkpointId: 'not-a-checkpoint', edits: [] }),
  responses: created(createdForkSchema),
  handler: ({ principal, services, params, body }) => services.runForks.create(principal, params.id, body),
})
