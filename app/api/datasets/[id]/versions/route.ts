import { datasetIdParamsSchema, datasetResponseSchema, saveDatasetRowsRequestSchema } from '@/lib/contracts/datasets'
import { created, defineRoute } from '@/lib/server/define-route'
import { saveBase } from '@/lib/server/save-base'

export const POST = defineRoute({
  method: 'POST',
  path: '/api/datasets/[id]/versions',
  access: 'owned',
  workspace: { resource: 'dataset', role: 'editor' },
  summary: "Save a dataset's rows as they now are (a new version on top of `baseVersion`: 409 when another was saved since)",
  tag: 'evaluations',
  params: datasetIdParamsSchema,
  body: saveDatasetRowsRequestSchema,
  example: () => ({ rows: [{ input: 'hello' }], note: 'fuzzed', baseVersion: 1 }),
  responses: created(datasetResponseSchema),
  errors: [409],
  saveBase: 'required',
  etag: (saved: { version: { version: number } }) => saved.version.version,
  handler: ({ principal, services, params, body: { rows, note, baseVersion }, request }) =>
    services.datasets.saveRows(principal, params.id, rows, saveBase(request, baseVersion), note),
})
