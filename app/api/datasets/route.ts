import { createDatasetRequestSchema, datasetListResponseSchema, datasetResponseSchema, listDatasetsQuerySchema } from '@/lib/contracts/datasets'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/datasets',
  access: 'list',
  summary: 'List your datasets',
  tag: 'evaluations',
  query: listDatasetsQuerySchema,
  responses: ok(datasetListResponseSchema),
  handler: ({ principal, services, query }) => services.datasets.list(principal, query.workspaceId),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/datasets',
  access: 'anyone',
  workspace: { resource: 'workspace', role: 'editor' },
  summary: 'Create a dataset (its rows are version 1)',
  tag: 'evaluations',
  body: createDatasetRequestSchema,
  example: () => ({ name: 'Fuzzed', rows: [{ input: 'hello', expected: 'Demo reply: hello' }] }),
  responses: created(datasetResponseSchema),
  etag: (saved: { version: { version: number } }) => saved.version.version,
  handler: ({ principal, services, body }) => services.datasets.create(principal, body),
})
