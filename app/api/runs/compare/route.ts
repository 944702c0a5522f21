import { compareRunsQuery, runComparisonSchema } from '@/lib/contracts/run-compare'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/runs/compare',
  access: 'owned',
  workspace: { resource: 'run', role: 'viewer' },
  summary: 'Two runs side by side: status, duration, outputs, tokens, cost, events by type and what each node did',
  tag: 'runs',
  query: compareRunsQuery,
  responses: ok(runComparisonSchema),
  handler: ({ principal, services, query }) => services.runCompare.compare(principal, query.a, query.b),
})
