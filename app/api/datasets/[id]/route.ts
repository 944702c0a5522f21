import {
  datasetIdParamsSchema,
  datasetResponseSchema,
  datasetVersionQuerySchema,
  deletedDatasetResponseSchema,
  updateDatasetRequestSchema,
  type DatasetResponse,
} from '@/lib/contracts/datasets'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/datasets/[id]',
  access: 'owned',
  workspace: { resource: 'dataset', role: 'viewer' },
  summary: 'Read a dataset and the rows of its latest version (or of `version`)',
  tag: 'evaluations',
  params: datasetIdParamsSchema,
  query: datasetVersionQuerySchema,
  responses: ok(datasetResponseSchema),
  etag: (found: DatasetResponse) => found.dataset.latestVersion,
  handler: ({ principal, services, params, query }) => services.datasets.get(principal, params.id, query.version),
})

export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/datasets/[id]',
  access: 'owned',
  workspace: { resource: 'dataset', role: 'editor' },
  summary: 'Rename a dataset or change its description (no new version)',
  tag: 'evaluations',
  params: datasetIdParamsSchema,
  body: updateDatasetRequestSchema,
  example: () => ({ name: 'Renamed' }),
  responses: ok(datasetResponseSchema),
  handler: ({ principal, services, params, body }) => services.datasets.update(principal, params.id, body),
})

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/datasets/[id]',
  access: 'owned',
  workspace: { resource: 'dataset', role: 'editor' },
  summary: 'Delete a dataset, its versions and the experiments run on it',
  tag: 'evaluations',
  params: datasetIdParamsSchema,
  responses: ok(deletedDatasetResponseSchema),
  handler: ({ principal, services, params }) => services.datasets.delete(principal, params.id),
})
