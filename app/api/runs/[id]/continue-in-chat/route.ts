import { continueInChatBody } from '@/lib/contracts/conversations'
import { runIdParams } from '@/lib/contracts/runs'
import { authenticatedRoute, json, parseBody, parseWith } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

/** The conversation with what one agent node of the run said and heard: 201 when made now, 200 when made by an earlier call. */
export const POST = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(runIdParams, params, 'path')
  const { nodeId } = await parseBody(request, continueInChatBody)
  const { conversations } = await getServices()
  const { conversation, created } = await conversations.continueFromRun(principal, id, nodeId)
  return json(conversation, created ? 201 : 200)
})
