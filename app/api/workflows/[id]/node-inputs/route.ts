import { nodeInputsParams, nodeInputsQuery, nodeInputsResponseSchema } from '@/lib/contracts/node-inputs'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workflows/[id]/node-inputs',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'viewer' },
  summary: "What a node received in the workflow's latest runs you can see that reached it, newest first (for running it alone)",
  tag: 'workflows',
  params: nodeInputsParams,
  query: nodeInputsQuery,
  responses: ok(nodeInputsResponseSchema),
  handler: async ({ principal, services, params, query }) => ({ inputs: await services.nodeInputs.list(principal, params.id, query.nodeId) }),
})
