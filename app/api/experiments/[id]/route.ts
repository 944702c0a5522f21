import { experimentIdParamsSchema, experimentResponseSchema } from '@/lib/contracts/experiments'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/experiments/[id]',
  access: 'owned',
  workspace: { resource: 'experiment', role: 'viewer' },
  summary: 'Read an experiment: its status, progress (`done/total`) and aggregates so far',
  tag: 'evaluations',
  params: experimentIdParamsSchema,
  responses: ok(experimentResponseSchema),
  handler: ({ principal, services, params }) => services.experiments.get(principal, params.id),
})
