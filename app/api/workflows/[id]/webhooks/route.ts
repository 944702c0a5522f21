import { createWebhookBody, webhookListResponseSchema, webhookWithSecretResponseSchema, workflowTriggerParams } from '@/lib/contracts/triggers'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workflows/[id]/webhooks',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'viewer' },
  summary: "A workflow's webhooks (never their secrets)",
  tag: 'triggers',
  params: workflowTriggerParams,
  responses: ok(webhookListResponseSchema),
  handler: async ({ principal, services, params }) => ({ webhooks: await services.webhooks.list(principal, params.id) }),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/workflows/[id]/webhooks',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: 'Make a webhook for the workflow: its URL path and its signing secret, shown this once',
  tag: 'triggers',
  params: workflowTriggerParams,
  body: createWebhookBody,
  example: () => ({ name: 'CRM', rateLimitPerMinute: 30 }),
  responses: created(webhookWithSecretResponseSchema),
  headers: { 'cache-control': 'no-store' },
  handler: ({ principal, services, params, body }) => services.webhooks.create(principal, params.id, body),
})
