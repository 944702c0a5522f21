import { continueInChatBody } from '@/lib/contracts/conversations'
import { runIdParams } from '@/lib/contracts/runs'
import { authenticatedRoute, json, parseBody, parseWith } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

/** A new conversation with what one agent node of the run said and heard (201: the conversation, with its agent). */
export const POST = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(runIdParams, params, 'path')
  const { nodeId } = await parseBody(request, continueInChatBody)
  const { conversations } = await getServices()
  return json(await conversations.continueFromRun(principal, id, nodeId), 201)
})
