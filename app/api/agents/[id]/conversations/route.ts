import { agentIdParamsSchema } from '@/lib/contracts/agents'
import { conversationListSchema, conversationSummarySchema, createConversationBody } from '@/lib/contracts/conversations'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/agents/[id]/conversations',
  access: 'owned',
  workspace: { resource: 'agent', role: 'viewer' },
  summary: 'List your conversations with an agent, most recently active first',
  tag: 'conversations',
  params: agentIdParamsSchema,
  responses: ok(conversationListSchema),
  handler: ({ principal, services, params }) => services.conversations.list(principal, params.id),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/agents/[id]/conversations',
  access: 'owned',
  workspace: { resource: 'agent', role: 'runner' },
  summary: 'Start a conversation with an agent',
  tag: 'conversations',
  params: agentIdParamsSchema,
  body: createConversationBody,
  example: () => ({ title: 'Fuzzed conversation' }),
  responses: created(conversationSummarySchema),
  handler: ({ principal, services, params, body }) => services.conversations.create(principal, params.id, body),
})
