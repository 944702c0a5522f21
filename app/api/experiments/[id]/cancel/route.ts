import { experimentIdParamsSchema, experimentResponseSchema } from '@/lib/contracts/experiments'
import { defineRoute, ok } from '@/lib/server/define-route'

export const POST = defineRoute({
  method: 'POST',
  path: '/api/experiments/[id]/cancel',
  access: 'owned',
  workspace: { resource: 'experiment', role: 'runner' },
  summary: 'Stop an experiment: no more rows start and its runs under way are cancelled (409 when it already finished)',
  tag: 'evaluations',
  params: experimentIdParamsSchema,
  responses: ok(experimentResponseSchema),
  errors: [409],
  handler: ({ principal, services, params }) => services.experiments.cancel(principal, params.id),
})
