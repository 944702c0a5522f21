import { continueInChatBody, conversationSummarySchema } from '@/lib/contracts/conversations'
import { runIdParams } from '@/lib/contracts/runs'
import { created, defineRoute, ok } from '@/lib/server/define-route'
import { json } from '@/lib/server/http'

/** The conversation with what one agent node of the run said and heard: 201 when made now, 200 when made by an earlier call. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/runs/[id]/continue-in-chat',
  access: 'owned',
  workspace: { resource: 'run', role: 'runner' },
  summary: 'Continue in chat: the conversation with what one agent node of a run said and heard (made once, then reopened)',
  tag: 'conversations',
  params: runIdParams,
  body: continueInChatBody,
  example: () => ({ nodeId: 'agent' }),
  responses: { ...ok(conversationSummarySchema, 'Made by an earlier call'), ...created(conversationSummarySchema) },
  handler: async ({ principal, services, params, body }) => {
    const { conversation, created } = await services.conversations.continueFromRun(principal, params.id, body.nodeId)
    return json(conversation, created ? 201 : 200)
  },
})
