import { compareExperimentsParamsSchema, experimentComparisonSchema } from '@/lib/contracts/experiments'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/experiments/[id]/compare/[otherId]',
  access: 'owned',
  workspace: { resource: 'experiment', role: 'viewer' },
  summary: 'Compare an experiment with another as its baseline: per-row deltas (regressed, improved, same) and aggregate deltas',
  tag: 'evaluations',
  params: compareExperimentsParamsSchema,
  responses: ok(experimentComparisonSchema),
  handler: ({ principal, services, params }) => services.experiments.compare(principal, params.id, params.otherId),
})
