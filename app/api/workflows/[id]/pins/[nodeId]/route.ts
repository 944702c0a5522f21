import { putWorkflowPinBody, workflowPinParams, workflowPinResponseSchema } from '@/lib/contracts/workflow-pins'
import { defineRoute, ok } from '@/lib/server/define-route'

export const PUT = defineRoute({
  method: 'PUT',
  path: '/api/workflows/[id]/pins/[nodeId]',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary:
    "Pin a node's output (any JSON value) for the workflow's debug runs; `basedOn` is the replaced pin's updatedAt (null for none): a pin changed since is 409 stale_version",
  tag: 'workflows',
  params: workflowPinParams,
  body: putWorkflowPinBody,
  example: () => ({ value: 'A pinned reply', basedOn: null }),
  responses: ok(workflowPinResponseSchema),
  handler: async ({ principal, services, params, body }) => ({ pin: await services.workflowPins.put(principal, params.id, params.nodeId, body) }),
})

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/workflows/[id]/pins/[nodeId]',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: "Unpin a node's output",
  tag: 'workflows',
  params: workflowPinParams,
  responses: { 204: { description: 'Unpinned' } },
  handler: async ({ principal, services, params }) => {
    await services.workflowPins.remove(principal, params.id, params.nodeId)
  },
})
