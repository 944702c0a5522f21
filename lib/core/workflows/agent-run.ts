/* eslint-disable @typescript-eslint/no-explicit-any -- executors, edge conditions and agents are stored side by side whatever their message types; `any` in these type-parameter defaults and callback parameters keeps user callbacks such as `(text: string) => …` assignable (unknown would reject them under strictFunctionTypes). */
/**
 * One agent run inside a workflow, with its progress surfaced as events: in a streamed run each
 * update becomes an `agent_update` event; every run ends with an `agent_response` event carrying
 * the reply's text, token usage (what the run page shows live and sums up) and why the model stopped
 * (`length`: the reply was cut at the model's token limit).
 */
import type { AgentRunOptionsLike, SupportsAgentRun } from '../agent-protocol'
import { UpdateAssembler } from '../clients/response-updates'
import { AgentResponse, type Message } from '../types'
import type { WorkflowContext } from './context'
import type { AgentResponseEvent } from './events'

export async function runAgentWithEvents(
  agent: SupportsAgentRun,
  messages: Message[],
  options: AgentRunOptionsLike,
  executorId: string,
  ctx: WorkflowContext<any, any>,
): Promise<AgentResponse> {
  const response = ctx.isStreaming ? await streamAgent(agent, messages, options, executorId, ctx) : await agent.run(messages, options)
  const event: AgentResponseEvent = { type: 'agent_response', executorId, text: response.text }
  if (response.usage) event.usage = response.usage
  if (response.finishReason) event.finishReason = response.finishReason
  if (response.modelId) event.modelId = response.modelId
  ctx.addEvent(event)
  return response
}

async function streamAgent(
  agent: SupportsAgentRun,
  messages: Message[],
  options: AgentRunOptionsLike,
  executorId: string,
  ctx: WorkflowContext<any, any>,
): Promise<AgentResponse> {
  const assembler = new UpdateAssembler()
  for await (const update of agent.runStream(messages, options)) {
    assembler.add(update)
    const visible = update.contents.filter((content) => content.type !== 'usage')
    if (visible.length === 0) continue
    let text = ''
    for (const content of visible) if (content.type === 'text') text += content.text
    ctx.addEvent({ type: 'agent_update', executorId, text, contents: visible })
  }
  return new AgentResponse({
    messages: assembler.messages,
    usage: assembler.usage,
    responseId: assembler.responseId,
    modelId: assembler.modelId,
    finishReason: assembler.finishReason,
  })
}
