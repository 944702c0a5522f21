/** Closing a successful run: build the response (with its structured value), then context providers' afterRun in reverse order. */
import { AgentResponse } from '../types'
import { abortable } from '../abort'
import { fillStructuredValue } from '../structured-output/structured-value'
import type { AgentRunState } from './agent-run-state'

export async function finishAgentRun(state: AgentRunState): Promise<AgentResponse> {
  const response = new AgentResponse({
    messages: state.produced,
    usage: state.usage,
    responseId: state.responseId,
    modelId: state.modelId,
    agentId: state.agent.id,
    finishReason: state.finishReason,
    createdAt: new Date().toISOString(),
  })
  // Before afterRun: a reply that breaks the format fails the run instead of being stored as a success.
  fillStructuredValue(response, state.chatOptions.responseFormat)
  state.sessionContext.response = response
  const { agent } = state
  for (let i = state.providers.length - 1; i >= 0; i--) {
    const provider = state.providers[i]
    const args = {
      agent,
      session: state.session,
      context: state.sessionContext,
      state: state.session.stateFor(provider.sourceId),
      signal: state.signal,
    }
    await abortable(Promise.resolve(provider.afterRun(args)), state.signal)
  }
  return response
}
