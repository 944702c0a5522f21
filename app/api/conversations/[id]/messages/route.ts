import { conversationIdParams, messagePageSchema, messagesQuery, sendMessageBody, sentMessageSchema, type SentMessage } from '@/lib/contracts/conversations'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/conversations/[id]/messages',
  access: 'owned',
  workspace: { resource: 'conversation', role: 'viewer' },
  summary: 'A page of messages, oldest first, going back from the newest (or from `before`)',
  tag: 'conversations',
  params: conversationIdParams,
  query: messagesQuery,
  responses: ok(messagePageSchema),
  handler: ({ principal, services, params, query }) => services.conversations.messages(principal, params.id, query),
})

/** Queues the reply (a turn); follow it at `/api/runs/:runId/events`. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/conversations/[id]/messages',
  access: 'owned',
  workspace: { resource: 'conversation', role: 'runner' },
  summary: "Send a message: queues the agent's reply as a turn (follow it at /api/runs/{runId}/events; 409 while one is running)",
  tag: 'conversations',
  params: conversationIdParams,
  body: sendMessageBody,
  example: () => ({ text: 'hello' }),
  responses: { 202: { description: 'Queued', schema: sentMessageSchema } },
  errors: [409],
  handler: async ({ principal, services, params, body }) =>
    (await services.conversations.send(principal, params.id, body.text, { runNow: true })) satisfies SentMessage,
})
