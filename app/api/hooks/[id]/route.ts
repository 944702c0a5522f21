import { hookAcceptedSchema, hookParams, hookQuery, hookResultSchema } from '@/lib/contracts/triggers'
import { defineRoute } from '@/lib/server/define-route'
import { invalidSignature } from '@/lib/server/triggers/webhook-receiver'

/**
 * POST /api/hooks/:id[?wait=true]: a signed call starts a run of the webhook's workflow (webhook-receiver.ts says how
 * it is checked). No sign-in: the signature is the permission, and an unknown webhook answers as a bad signature.
 */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/hooks/[id]',
  access: 'public',
  summary:
    "Start a run of a webhook's workflow: sign the raw body (Agentloom-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<body>\" with the secret>; 5 minutes' tolerance, each signature once). The JSON body gives the start node's declared fields (others ignored), else the raw body is the input. 202 with the run id; ?wait=true: 200 with its outputs once it ends (202 if it still runs after a minute)",
  tag: 'triggers',
  params: hookParams,
  // A malformed id is as unknown as a wrong one, and that is a bad signature.
  invalidParams: invalidSignature,
  query: hookQuery,
  responses: {
    200: { description: 'The run ended (with ?wait=true)', schema: hookResultSchema },
    202: { description: 'The run started', schema: hookAcceptedSchema },
  },
  // 401: an unknown webhook, a bad or an expired signature (no sign-in is involved); 409: a replayed signature.
  errors: [401, 409, 429],
  headers: { 'cache-control': 'no-store' },
  handler: async ({ services, params, query, request }) => {
    const answer = await services.webhookReceiver.receive(params.id, request, { wait: query.wait === 'true', signal: request.signal })
    return Response.json(answer.body, { status: answer.status })
  },
})
