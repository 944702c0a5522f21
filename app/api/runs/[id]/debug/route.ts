import { debugActionBody, debugActionResponseSchema } from '@/lib/contracts/run-debug'
import { runIdParams } from '@/lib/contracts/runs'
import { defineRoute, ok } from '@/lib/server/define-route'

/** A debug run paused at a breakpoint: continue to the next, step one superstep, or stop (cancel) it. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/runs/[id]/debug',
  access: 'owned',
  workspace: { resource: 'run', role: 'runner' },
  summary: 'Continue, step (one superstep, then pause again) or stop a debug run paused at a breakpoint (409 run_not_paused otherwise)',
  tag: 'runs',
  params: runIdParams,
  body: debugActionBody,
  example: () => ({ action: 'step' as const }),
  responses: ok(debugActionResponseSchema),
  errors: [409],
  handler: ({ principal, services, params, body }) => services.runDebugging.act(principal, params.id, body.action),
})
