import { DEFAULT_MODEL_PRICES, modelPricesRequestSchema, modelPricesResponseSchema } from '@/lib/contracts/model-prices'
import { workspaceParamsSchema } from '@/lib/contracts/workspaces'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workspaces/[id]/model-prices',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'viewer' },
  summary: 'Read the workspace’s model price table (US dollars per million input and output tokens; the defaults until one is saved)',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  responses: ok(modelPricesResponseSchema),
  handler: ({ principal, services, params }) => services.modelPrices.get(principal, params.id),
})

export const PUT = defineRoute({
  method: 'PUT',
  path: '/api/workspaces/[id]/model-prices',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'owner' },
  summary: 'Replace the workspace’s model price table (an empty table goes back to the defaults)',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  body: modelPricesRequestSchema,
  example: () => ({ prices: [...DEFAULT_MODEL_PRICES] }),
  responses: ok(modelPricesResponseSchema),
  handler: ({ principal, services, params, body }) => services.modelPrices.replace(principal, params.id, body.prices),
})
