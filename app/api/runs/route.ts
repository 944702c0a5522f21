import { createRunBody, listRunsQuery, runListResponseSchema, runSummaryResponseSchema } from '@/lib/contracts/runs'
import { created, defineRoute, ok } from '@/lib/server/define-route'
import { EXAMPLE_WORKFLOW_ID } from '@/lib/server/seed'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/runs',
  access: 'list',
  summary: 'List your runs, newest first',
  tag: 'runs',
  query: listRunsQuery,
  responses: ok(runListResponseSchema),
  handler: async ({ principal, services, query }) => ({ runs: await services.runs.list(principal, query) }),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/runs',
  access: 'create',
  workspace: { resource: 'workflow', role: 'runner' },
  summary:
    'Start a run of a workflow version (queued; follow it with the events stream; input fields a start node declares come as JSON text: 400 invalid_run_input lists the problems)',
  tag: 'runs',
  body: createRunBody,
  example: () => ({ workflowId: EXAMPLE_WORKFLOW_ID, input: 'hello' }),
  responses: created(runSummaryResponseSchema, 'Queued'),
  errors: [404],
  handler: async ({ principal, services, body }) => ({ run: await services.runs.create(principal, body) }),
})
