/**
 * `GET /v1/responses/{id}`: a stored response (a run the caller may see) as it stands now, rebuilt from the run's
 * stored events; an unknown id, one answered with `store: false`, and another member's are the same 404, in
 * OpenAI's error shape. API tokens only, as `POST /v1/responses`.
 */
import { responseIdParamsSchema, responseObjectSchema } from '@/lib/contracts/responses'
import { DomainError } from '@/lib/server/domain-errors'
import { defineRoute, ok } from '@/lib/server/define-route'

export const dynamic = 'force-dynamic'

export const GET = defineRoute({
  method: 'GET',
  path: '/v1/responses/[id]',
  access: 'owned',
  workspace: { resource: 'run', role: 'viewer' },
  credentials: 'token',
  errorShape: 'openai',
  summary: 'A stored response as its run stands now (`in_progress` while it runs); `model` names the agent or workflow by id, and `metadata` is not kept',
  tag: 'responses',
  params: responseIdParamsSchema,
  invalidParams: () => new DomainError('not_found', 'No response with that id.'),
  responses: ok(responseObjectSchema),
  handler: ({ principal, services: { responses }, params }) => responses.retrieve(principal, params.id),
})
