import { createdWorkflowResponseSchema, duplicateWorkflowRequestSchema, workflowIdParamsSchema } from '@/lib/contracts/workflows'
import { created, defineRoute } from '@/lib/server/define-route'

export const POST = defineRoute({
  method: 'POST',
  path: '/api/workflows/[id]/duplicate',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: 'Copy a workflow: a new one of yours with its latest graph (as version 1), description and settings',
  tag: 'workflows',
  params: workflowIdParamsSchema,
  body: duplicateWorkflowRequestSchema,
  responses: created(createdWorkflowResponseSchema),
  errors: [422],
  handler: ({ principal, services, params, body }) => services.workflows.duplicate(principal, params.id, body),
})
