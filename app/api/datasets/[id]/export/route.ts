import { datasetCsvExportSchema, datasetIdParamsSchema, datasetJsonlExportSchema, exportDatasetQuerySchema } from '@/lib/contracts/datasets'
import { defineRoute } from '@/lib/server/define-route'

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', jsonl: 'application/jsonl; charset=utf-8' } as const

/** A download of one version's rows (the latest by default). */
export const GET = defineRoute({
  method: 'GET',
  path: '/api/datasets/[id]/export',
  access: 'owned',
  workspace: { resource: 'dataset', role: 'viewer' },
  summary: "Download a dataset version's rows as CSV (`format=csv`) or JSONL (`format=jsonl`)",
  tag: 'evaluations',
  params: datasetIdParamsSchema,
  query: exportDatasetQuerySchema,
  responses: {
    200: {
      description: 'An attachment `dataset-<id>-v<version>.csv` or `.jsonl`: columns / keys id, input, expected, notes.',
      contentType: 'text/csv',
      schema: datasetCsvExportSchema,
      otherContent: { 'application/jsonl': datasetJsonlExportSchema },
    },
  },
  handler: async ({ principal, services, params: { id }, query: { format, version } }) => {
    const exported = await services.datasets.export(principal, id, format, version)
    return new Response(exported.text, {
      headers: {
        'content-type': CONTENT_TYPES[format],
        'content-disposition': `attachment; filename="dataset-${id.slice(0, 8)}-v${exported.version}.${format}"`,
      },
    })
  },
})
