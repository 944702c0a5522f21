/**
 * Agentloom's Agent with a minimal BaseChatClient subclass (the base real clients extend) answering
 * from the turn script, and a zod-typed tool, as an application would define it.
 */
import { z } from 'zod'
import { Agent } from '../../../lib/core/agents'
import { BaseChatClient } from '../../../lib/core/clients/base-chat-client'
import type { ChatRequestOptions } from '../../../lib/core/clients/chat-client'
import { chatResponseToUpdates } from '../../../lib/core/clients/response-updates'
import { silentLogger } from '../../../lib/core/logger'
import { tool } from '../../../lib/core/tools/tool'
import { ChatResponse, Message, functionCallContent, type ChatResponseUpdate } from '../../../lib/core/types'
import { INSTRUCTIONS, TOOL_DESCRIPTION, TOOL_NAME, TurnScript, USER_INPUT, type AgentHarness } from './turn-script'

class TurnScriptChatClient extends BaseChatClient {
  constructor(private readonly script: TurnScript) {
    super()
  }

  private answer(): ChatResponse {
    const turn = this.script.next()
    const message =
      turn.kind === 'tool_call'
        ? new Message({ role: 'assistant', contents: [functionCallContent(turn.callId, TOOL_NAME, '{}')] })
        : new Message({ role: 'assistant', text: turn.text })
    return new ChatResponse({ messages: [message], finishReason: turn.kind === 'tool_call' ? 'tool_calls' : 'stop' })
  }

  protected async innerGetResponse(_messages: Message[], _options: ChatRequestOptions): Promise<ChatResponse> {
    return this.answer()
  }

  protected async *innerGetStreamingResponse(_messages: Message[], _options: ChatRequestOptions): AsyncGenerator<ChatResponseUpdate> {
    yield* chatResponseToUpdates(this.answer())
  }
}

function agentloomAgent(script: TurnScript): Agent {
  const step = tool({
    name: TOOL_NAME,
    description: TOOL_DESCRIPTION,
    parameters: z.object({}),
    execute: () => script.toolRan(),
  })
  return new Agent({
    client: new TurnScriptChatClient(script),
    instructions: INSTRUCTIONS,
    tools: [step],
    functionInvocation: { maxIterations: 10_000 },
    logger: silentLogger,
  })
}

export function agentloomHarness(): AgentHarness {
  const script = new TurnScript()
  const agent = agentloomAgent(script)
  return {
    key: 'agentloom',
    async run(turns) {
      script.start(turns)
      const response = await agent.run(USER_INPUT)
      script.verify('Agentloom', response.text)
    },
  }
}

/** The same agent consumed as a stream of updates. */
export function agentloomStreamHarness(): AgentHarness {
  const script = new TurnScript()
  const agent = agentloomAgent(script)
  return {
    key: 'agentloom-stream',
    async run(turns) {
      script.start(turns)
      let text = ''
      for await (const update of agent.runStream(USER_INPUT)) text += update.text
      script.verify('Agentloom (stream)', text)
    },
  }
}
