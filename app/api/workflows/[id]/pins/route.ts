import { workflowPinListResponseSchema, workflowPinsParams } from '@/lib/contracts/workflow-pins'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workflows/[id]/pins',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'viewer' },
  summary: "A workflow's pinned outputs: what its debug runs send for those nodes instead of running them (runs without debug never do)",
  tag: 'workflows',
  params: workflowPinsParams,
  responses: ok(workflowPinListResponseSchema),
  handler: async ({ principal, services, params }) => ({ pins: await services.workflowPins.list(principal, params.id) }),
})
