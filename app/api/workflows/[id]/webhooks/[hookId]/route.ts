import { updateWebhookBody, webhookParams, webhookResponseSchema } from '@/lib/contracts/triggers'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workflows/[id]/webhooks/[hookId]',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'viewer' },
  summary: 'A webhook (never its secret)',
  tag: 'triggers',
  params: webhookParams,
  responses: ok(webhookResponseSchema),
  handler: async ({ principal, services, params }) => ({ webhook: await services.webhooks.get(principal, params.id, params.hookId) }),
})

export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/workflows/[id]/webhooks/[hookId]',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: 'Rename, disable (`enabled: false`: calls answer as to no webhook) or re-enable a webhook, or change its rate limit',
  tag: 'triggers',
  params: webhookParams,
  body: updateWebhookBody,
  example: () => ({ enabled: false }),
  responses: ok(webhookResponseSchema),
  handler: async ({ principal, services, params, body }) => ({ webhook: await services.webhooks.update(principal, params.id, params.hookId, body) }),
})

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/workflows/[id]/webhooks/[hookId]',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: 'Delete a webhook (its runs stay)',
  tag: 'triggers',
  params: webhookParams,
  responses: { 204: { description: 'Deleted' } },
  handler: async ({ principal, services, params }) => {
    await services.webhooks.remove(principal, params.id, params.hookId)
  },
})
