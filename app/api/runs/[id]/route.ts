import { runIdParams, runViewSchema } from '@/lib/contracts/runs'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/runs/[id]',
  access: 'owned',
  workspace: { resource: 'run', role: 'viewer' },
  summary: 'Read a run: status, outputs, graph and approvals',
  tag: 'runs',
  params: runIdParams,
  responses: ok(runViewSchema),
  handler: ({ principal, services, params }) => services.runs.get(principal, params.id),
})
