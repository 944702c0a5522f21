import { exampleWorkflowDocument } from '@/lib/graph'
import { createVersionRequestSchema, versionListResponseSchema, versionResponseSchema, workflowIdParamsSchema } from '@/lib/contracts/workflows'
import { created, defineRoute, ok } from '@/lib/server/define-route'
import { saveBase } from '@/lib/server/save-base'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workflows/[id]/versions',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'viewer' },
  summary: "List a workflow's versions",
  tag: 'workflows',
  params: workflowIdParamsSchema,
  responses: ok(versionListResponseSchema),
  handler: ({ principal, services, params }) => services.workflows.listVersions(principal, params.id),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/workflows/[id]/versions',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: 'Save a new version (the graph must pass validation: 400 invalid_graph lists its problems)',
  tag: 'workflows',
  params: workflowIdParamsSchema,
  body: createVersionRequestSchema,
  example: () => ({ graph: exampleWorkflowDocument(), note: 'fuzzed', baseVersion: 1 }),
  responses: created(versionResponseSchema),
  errors: [409, 422],
  saveBase: 'required',
  etag: (saved: { version: { version: number } }) => saved.version.version,
  handler: ({ principal, services, params, body: { graph, note, baseVersion }, request }) =>
    services.workflows.createVersion(principal, params.id, graph, saveBase(request, baseVersion), note),
})
