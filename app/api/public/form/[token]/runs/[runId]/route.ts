import { visitorQuery, visitorRunParams, visitorRunSchema } from '@/lib/contracts/publications'
import { defineRoute, ok } from '@/lib/server/define-route'
import { notFound } from '@/lib/server/domain-errors'
import { visitorAddress } from '@/lib/server/publications/visitor-chat'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/public/form/[token]/runs/[runId]',
  access: 'public',
  summary: "A visitor's run of a published workflow: its status, and the workflow's output once it succeeded",
  tag: 'publishing',
  params: visitorRunParams,
  invalidParams: () => notFound('Run'),
  query: visitorQuery,
  responses: ok(visitorRunSchema),
  errors: [429],
  headers: { 'cache-control': 'no-store' },
  handler: async ({ services, params, query, request }) =>
    services.visitorForm.get(await services.visitorForm.open(params.token, visitorAddress(request)), query.visitor, params.runId),
})
