import { agentIdParamsSchema } from '@/lib/contracts/agents'
import { conversationListQuery, conversationListSchema, conversationSummarySchema, createConversationBody } from '@/lib/contracts/conversations'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/agents/[id]/conversations',
  access: 'owned',
  workspace: { resource: 'agent', role: 'viewer' },
  summary: "List the conversations with an agent, most recently active first (`source`: only members', or only those visitors of its publications started)",
  tag: 'conversations',
  params: agentIdParamsSchema,
  query: conversationListQuery,
  responses: ok(conversationListSchema),
  handler: ({ principal, services, params, query }) => services.conversations.list(principal, params.id, query.source),
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
