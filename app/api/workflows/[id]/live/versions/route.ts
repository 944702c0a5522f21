import { liveVersionResponseSchema, saveLiveVersionRequestSchema } from '@/lib/contracts/live-versions'
import { workflowIdParamsSchema } from '@/lib/contracts/workflows'
import { created, defineRoute } from '@/lib/server/define-route'

export const POST = defineRoute({
  method: 'POST',
  path: '/api/workflows/[id]/live/versions',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: 'Save the live document as the newest version (validated like any save: 400 invalid_graph lists its problems)',
  tag: 'workflows',
  params: workflowIdParamsSchema,
  body: saveLiveVersionRequestSchema,
  example: () => ({ note: 'fuzzed' }),
  responses: created(liveVersionResponseSchema),
  errors: [422],
  etag: (saved: { version: { version: number } }) => saved.version.version,
  handler: ({ principal, services, params, body: { note } }) => services.liveVersions.saveLive(principal, params.id, note),
})
