import { restoreVersionRequestSchema, versionResponseSchema, workflowVersionParamsSchema } from '@/lib/contracts/workflows'
import { created, defineRoute } from '@/lib/server/define-route'
import { saveBase } from '@/lib/server/save-base'

/** Saves the version's graph again as the newest version; 201 with that new version. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/workflows/[id]/versions/[version]/restore',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: "Save an earlier version's graph again as the newest version (checked as a new save is)",
  tag: 'workflows',
  params: workflowVersionParamsSchema,
  body: restoreVersionRequestSchema,
  example: () => ({ note: 'fuzzed' }),
  responses: created(versionResponseSchema),
  errors: [409, 422],
  saveBase: 'optional',
  etag: (saved: { version: { version: number } }) => saved.version.version,
  handler: ({ principal, services, params, body: { note, baseVersion }, request }) =>
    services.workflows.restoreVersion(principal, params.id, params.version, note, saveBase(request, baseVersion)),
})
