import { moveRequestSchema, movedWorkflowResponseSchema } from '@/lib/contracts/workspaces'
import { workflowIdParamsSchema } from '@/lib/contracts/workflows'
import { defineRoute, ok } from '@/lib/server/define-route'

/** 409 `missing_references` (details.missing) naming the MCP servers, skills, agents and sub-workflows the target workspace lacks. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/workflows/[id]/move',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: 'Move a workflow (with its runs) to another workspace you edit in',
  tag: 'workflows',
  params: workflowIdParamsSchema,
  body: moveRequestSchema,
  example: () => ({ workspaceId: '00000000-0000-4000-8000-000000000000' }),
  responses: ok(movedWorkflowResponseSchema),
  errors: [409],
  handler: async ({ principal, services, params, body }) => ({ workflow: await services.workflows.move(principal, params.id, body.workspaceId) }),
})
