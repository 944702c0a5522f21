import {
  deletedWorkflowResponseSchema,
  deleteWorkflowQuerySchema,
  updatedWorkflowResponseSchema,
  updateWorkflowRequestSchema,
  workflowIdParamsSchema,
  workflowResponseSchema,
  type WorkflowResponse,
} from '@/lib/contracts/workflows'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workflows/[id]',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'viewer' },
  summary: 'Read a workflow and its latest version',
  tag: 'workflows',
  params: workflowIdParamsSchema,
  responses: ok(workflowResponseSchema),
  etag: (found: WorkflowResponse) => found.latestVersion?.version ?? 0,
  handler: ({ principal, services, params }) => services.workflows.get(principal, params.id),
})

export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/workflows/[id]',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: 'Rename a workflow or change its description or settings (no new version)',
  tag: 'workflows',
  params: workflowIdParamsSchema,
  body: updateWorkflowRequestSchema,
  example: () => ({ name: 'Renamed', settings: { conversationForwarding: { enabled: true, endpoint: 'http://127.0.0.1:9/forward' } } }),
  responses: ok(updatedWorkflowResponseSchema),
  // Offering it at /mcp under a name another of the workspace's tools has: 409 `mcp_tool_name_taken`.
  errors: [409],
  handler: ({ principal, services, params, body }) => services.workflows.update(principal, params.id, body),
})

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/workflows/[id]',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: 'Delete a workflow, keeping its runs (`runs=keep`) or deleting them (`runs=delete`: 409 while one has not finished)',
  tag: 'workflows',
  params: workflowIdParamsSchema,
  query: deleteWorkflowQuerySchema,
  responses: ok(deletedWorkflowResponseSchema),
  errors: [409],
  handler: ({ principal, services, params, query }) => services.workflows.delete(principal, params.id, query.runs),
})
