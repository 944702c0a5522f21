import { datasetIdParamsSchema, datasetResponseSchema, importDatasetRequestSchema } from '@/lib/contracts/datasets'
import { created, defineRoute } from '@/lib/server/define-route'
import { saveBase } from '@/lib/server/save-base'

export const POST = defineRoute({
  method: 'POST',
  path: '/api/datasets/[id]/import',
  access: 'owned',
  workspace: { resource: 'dataset', role: 'editor' },
  summary: 'Import rows from CSV or JSONL text, appended or replacing the rows (a new version; `baseVersion` optional)',
  tag: 'evaluations',
  params: datasetIdParamsSchema,
  body: importDatasetRequestSchema,
  bodyLimit: 'import',
  example: () => ({ format: 'jsonl' as const, content: '{"input":"hello","expected":"hi"}\n', mode: 'append' as const }),
  responses: created(datasetResponseSchema),
  errors: [409],
  saveBase: 'optional',
  etag: (saved: { version: { version: number } }) => saved.version.version,
  handler: ({ principal, services, params, body, request }) =>
    services.datasets.import(principal, params.id, { ...body, baseVersion: saveBase(request, body.baseVersion) }),
})
