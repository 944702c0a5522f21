import {
  createdWorkflowResponseSchema,
  createWorkflowRequestSchema,
  listWorkflowsQuerySchema,
  workflowListResponseSchema,
  type WorkflowListResponse,
} from '@/lib/contracts/workflows'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workflows',
  access: 'list',
  summary: 'List your workflows',
  tag: 'workflows',
  query: listWorkflowsQuerySchema,
  responses: ok(workflowListResponseSchema),
  handler: async ({ principal, services, query }) =>
    ({ workflows: await services.workflows.list(principal, query.workspaceId) }) satisfies WorkflowListResponse,
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/workflows',
  access: 'anyone',
  workspace: { resource: 'workspace', role: 'editor' },
  summary: 'Create a workflow (from a graph document, or the starter document)',
  tag: 'workflows',
  body: createWorkflowRequestSchema,
  example: () => ({ name: 'Fuzzed', description: 'made by the fuzz test' }),
  responses: created(createdWorkflowResponseSchema),
  errors: [422],
  handler: ({ principal, services, body }) => services.workflows.create(principal, body),
})
