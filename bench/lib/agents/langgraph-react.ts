/**
 * LangGraph.js: the prebuilt ReAct agent (createReactAgent: a model node and a ToolNode in a
 * StateGraph) over a minimal BaseChatModel subclass answering from the turn script. Real chat models
 * subclass BaseChatModel too, so the callback and run-manager machinery around each call is counted.
 */
import { BaseChatModel } from '@langchain/core/language_models/chat_models'
import { AIMessage, type BaseMessage } from '@langchain/core/messages'
import type { ChatResult } from '@langchain/core/outputs'
import { tool } from '@langchain/core/tools'
import { createReactAgent } from '@langchain/langgraph/prebuilt'
import { z } from 'zod'
import { INSTRUCTIONS, TOOL_DESCRIPTION, TOOL_NAME, TurnScript, USER_INPUT, type AgentHarness } from './turn-script'

class TurnScriptChatModel extends BaseChatModel {
  constructor(private readonly script: TurnScript) {
    super({})
  }

  _llmType(): string {
    return 'turn-script'
  }

  /** Tools are fixed by the script; binding them changes nothing (the cheapest possible binding). */
  override bindTools(): this {
    return this
  }

  async _generate(_messages: BaseMessage[]): Promise<ChatResult> {
    const turn = this.script.next()
    const message =
      turn.kind === 'tool_call'
        ? new AIMessage({ content: '', tool_calls: [{ id: turn.callId, name: TOOL_NAME, args: {}, type: 'tool_call' }] })
        : new AIMessage({ content: turn.text })
    return { generations: [{ message, text: typeof message.content === 'string' ? message.content : '' }] }
  }
}

export function langGraphReactHarness(): AgentHarness {
  const script = new TurnScript()
  const step = tool(async () => script.toolRan(), { name: TOOL_NAME, description: TOOL_DESCRIPTION, schema: z.object({}) })
  const agent = createReactAgent({ llm: new TurnScriptChatModel(script), tools: [step], prompt: INSTRUCTIONS })
  return {
    key: 'langgraph',
    async run(turns) {
      script.start(turns)
      // Two graph steps (model node, tools node) per turn, plus the final model call.
      const state = await agent.invoke({ messages: [{ role: 'user', content: USER_INPUT }] }, { recursionLimit: 2 * turns + 10 })
      const last = state.messages[state.messages.length - 1]
      script.verify('LangGraph', last?.content)
    },
  }
}
