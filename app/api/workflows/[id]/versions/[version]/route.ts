import { versionResponseSchema, workflowVersionParamsSchema } from '@/lib/contracts/workflows'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workflows/[id]/versions/[version]',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'viewer' },
  summary: 'Read one version',
  tag: 'workflows',
  params: workflowVersionParamsSchema,
  responses: ok(versionResponseSchema),
  handler: ({ principal, services, params }) => services.workflows.getVersion(principal, params.id, params.version),
})
