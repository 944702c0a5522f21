import { createExperimentRequestSchema, experimentListResponseSchema, experimentResponseSchema, listExperimentsQuerySchema } from '@/lib/contracts/experiments'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/experiments',
  access: 'list',
  summary: 'List your experiments (the latest 50; of one dataset with `datasetId`)',
  tag: 'evaluations',
  query: listExperimentsQuerySchema,
  responses: ok(experimentListResponseSchema),
  handler: ({ principal, services, query }) => services.experiments.list(principal, query.datasetId),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/experiments',
  access: 'create',
  workspace: { resource: 'workflow', role: 'runner' },
  summary: 'Run a workflow or agent version over a dataset version and score every run (progress with GET /api/experiments/{id})',
  tag: 'evaluations',
  body: createExperimentRequestSchema,
  example: () => ({
    datasetId: '00000000-0000-4000-8000-000000000000',
    target: { workflowId: '00000000-0000-4000-8000-000000000000' },
    evaluators: [{ kind: 'contains' as const, value: 'hello' }],
  }),
  responses: created(experimentResponseSchema),
  handler: ({ principal, services, body }) => services.experiments.create(principal, body),
})
