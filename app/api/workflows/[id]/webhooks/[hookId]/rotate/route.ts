import { webhookParams, webhookWithSecretResponseSchema } from '@/lib/contracts/triggers'
import { defineRoute, ok } from '@/lib/server/define-route'

export const POST = defineRoute({
  method: 'POST',
  path: '/api/workflows/[id]/webhooks/[hookId]/rotate',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: "Replace a webhook's signing secret: the new one is shown this once, the old one stops working at once",
  tag: 'triggers',
  params: webhookParams,
  responses: ok(webhookWithSecretResponseSchema),
  headers: { 'cache-control': 'no-store' },
  handler: ({ principal, services, params }) => services.webhooks.rotate(principal, params.id, params.hookId),
})
