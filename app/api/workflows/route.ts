import { createdWorkflowResponseSchema, createWorkflowRequestSchema, workflowListResponseSchema, type WorkflowListResponse } from '@/lib/contracts/workflows'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workflows',
  access: 'list',
  summary: 'List your workflows',
  tag: 'workflows',
  responses: ok(workflowListResponseSchema),
  handler: async ({ principal, services }) => ({ workflows: await services.workflows.list(principal) }) satisfies WorkflowListResponse,
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/workflows',
  access: 'anyone',
  summary: 'Create a workflow (from a graph document, or the starter document)',
  tag: 'workflows',
  body: createWorkflowRequestSchema,
  example: () => ({ name: 'Fuzzed', description: 'made by the fuzz test' }),
  responses: created(createdWorkflowResponseSchema),
  handler: ({ principal, services, body }) => services.workflows.create(principal, body),
})
