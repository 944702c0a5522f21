import { experimentIdParamsSchema, experimentResultsResponseSchema } from '@/lib/contracts/experiments'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/experiments/[id]/results',
  access: 'owned',
  workspace: { resource: 'experiment', role: 'viewer' },
  summary: "An experiment's rows: each trial's run, output, evaluator scores, tokens and latency",
  tag: 'evaluations',
  params: experimentIdParamsSchema,
  responses: ok(experimentResultsResponseSchema),
  handler: ({ principal, services, params }) => services.experiments.results(principal, params.id),
})
