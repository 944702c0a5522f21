import { runCostResponseSchema } from '@/lib/contracts/model-prices'
import { runIdParams } from '@/lib/contracts/runs'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/runs/[id]/cost',
  access: 'owned',
  workspace: { resource: 'run', role: 'viewer' },
  summary: 'What a run cost in US dollars: its tokens priced by its model in the workspace’s price table (null when the model has no price)',
  tag: 'runs',
  params: runIdParams,
  responses: ok(runCostResponseSchema),
  handler: ({ principal, services, params }) => services.modelPrices.runCost(principal, params.id),
})
