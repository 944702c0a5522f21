import { conversationDetailSchema, conversationIdParams, conversationSummarySchema, updateConversationBody } from '@/lib/contracts/conversations'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/conversations/[id]',
  access: 'owned',
  workspace: { resource: 'conversation', role: 'viewer' },
  summary: 'Read a conversation: its turns, token usage and the turn still active, if any',
  tag: 'conversations',
  params: conversationIdParams,
  responses: ok(conversationDetailSchema),
  handler: ({ principal, services, params }) => services.conversations.get(principal, params.id),
})

export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/conversations/[id]',
  access: 'owned',
  workspace: { resource: 'conversation', role: 'runner' },
  summary: 'Rename a conversation, or pin it to an agent version (null: follow the latest)',
  tag: 'conversations',
  params: conversationIdParams,
  body: updateConversationBody,
  example: () => ({ title: 'Renamed' }),
  responses: ok(conversationSummarySchema),
  handler: ({ principal, services, params, body }) => services.conversations.update(principal, params.id, body),
})

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/conversations/[id]',
  access: 'owned',
  workspace: { resource: 'conversation', role: 'runner' },
  summary: 'Delete a conversation with its messages and turns (a turn still running is cancelled)',
  tag: 'conversations',
  params: conversationIdParams,
  responses: { 204: { description: 'Deleted' } },
  handler: async ({ principal, services, params }) => {
    await services.conversations.delete(principal, params.id)
  },
})
