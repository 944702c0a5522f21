import { publicationTokenParams, visitorRunStartedSchema, visitorSubmissionBody } from '@/lib/contracts/publications'
import { defineRoute } from '@/lib/server/define-route'
import { notFound } from '@/lib/server/domain-errors'
import { visitorAddress } from '@/lib/server/publications/visitor-chat'

/** Starts a run of the published workflow; follow it at `.../runs/:runId/events`, read its output at `.../runs/:runId`. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/public/form/[token]/runs',
  access: 'public',
  summary: "Submit a visitor's form: starts a run of the workflow's latest version (400 for input the form refuses; 429 past the rate limit or the daily token budget)",
  tag: 'publishing',
  params: publicationTokenParams,
  invalidParams: () => notFound('Published workflow'),
  body: visitorSubmissionBody,
  example: () => ({ visitorId: 'fuzz-visitor-0123456789ab', input: 'hello' }),
  responses: { 202: { description: 'Started', schema: visitorRunStartedSchema } },
  errors: [429, 503],
  headers: { 'cache-control': 'no-store' },
  handler: async ({ services, params, request, body }) =>
    services.visitorForm.submit(await services.visitorForm.open(params.token, visitorAddress(request)), body.visitorId, body.input),
})
