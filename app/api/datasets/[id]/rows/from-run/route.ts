import { addRowFromRunRequestSchema, datasetIdParamsSchema, datasetResponseSchema } from '@/lib/contracts/datasets'
import { created, defineRoute } from '@/lib/server/define-route'
import { saveBase } from '@/lib/server/save-base'

export const POST = defineRoute({
  method: 'POST',
  path: '/api/datasets/[id]/rows/from-run',
  access: 'owned',
  workspace: { resource: 'dataset', role: 'editor' },
  summary: 'Add a row from a run you can see: its input, and its outputs as the expected answer (a new version; `baseVersion` optional)',
  tag: 'evaluations',
  params: datasetIdParamsSchema,
  body: addRowFromRunRequestSchema,
  example: () => ({ runId: '00000000-0000-4000-8000-000000000000' }),
  responses: created(datasetResponseSchema),
  errors: [409],
  saveBase: 'optional',
  etag: (saved: { version: { version: number } }) => saved.version.version,
  handler: ({ principal, services, params, body, request }) =>
    services.datasets.addFromRun(principal, params.id, { ...body, baseVersion: saveBase(request, body.baseVersion) }),
})
