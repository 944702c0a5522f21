/**
 * `GET /v1/models`: the saved agents and workflows the caller may run through `/v1/responses`, in OpenAI's list
 * shape, each `id` being what to send as `model`. API tokens only, errors in OpenAI's shape.
 */
import { modelListSchema } from '@/lib/contracts/responses'
import { defineRoute, ok } from '@/lib/server/define-route'

export const dynamic = 'force-dynamic'

export const GET = defineRoute({
  method: 'GET',
  path: '/v1/models',
  access: 'list',
  workspace: { resource: 'workflow', role: 'runner' },
  credentials: 'token',
  errorShape: 'openai',
  summary: "The agents and workflows your token may run as a Responses `model` (a runner or more in their workspace), in OpenAI's list shape",
  tag: 'responses',
  responses: ok(modelListSchema),
  handler: ({ principal, services: { responses } }) => responses.models(principal),
})
