/**
 * @openai/agents: an Agent whose model is a minimal implementation of the SDK's `Model` interface
 * answering from the turn script (the same shape the SDK's own ScriptedModel produces), run by a
 * Runner with tracing disabled (the peer's cheapest configuration; nothing would receive the traces).
 */
import { Agent, Runner, Usage, tool, type Model, type ModelRequest, type ModelResponse, type StreamEvent } from '@openai/agents'
import { z } from 'zod'
import { INSTRUCTIONS, TOOL_DESCRIPTION, TOOL_NAME, TurnScript, USER_INPUT, type AgentHarness } from './turn-script'

class TurnScriptModel implements Model {
  constructor(private readonly script: TurnScript) {}

  async getResponse(_request: ModelRequest): Promise<ModelResponse> {
    const turn = this.script.next()
    if (turn.kind === 'tool_call') {
      return {
        usage: new Usage({ requests: 1 }),
        output: [{ type: 'function_call', id: turn.callId, callId: turn.callId, name: TOOL_NAME, arguments: '{}', status: 'completed' }],
      }
    }
    return {
      usage: new Usage({ requests: 1 }),
      output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: turn.text }] }],
    }
  }

  getStreamedResponse(_request: ModelRequest): AsyncIterable<StreamEvent> {
    throw new Error('The benchmark runs @openai/agents without streaming.')
  }
}

export function openAIAgentsHarness(): AgentHarness {
  const script = new TurnScript()
  const step = tool({
    name: TOOL_NAME,
    description: TOOL_DESCRIPTION,
    parameters: z.object({}),
    execute: async () => script.toolRan(),
  })
  const agent = new Agent({ name: 'bench', instructions: INSTRUCTIONS, model: new TurnScriptModel(script), tools: [step] })
  const runner = new Runner({ tracingDisabled: true })
  return {
    key: 'openai-agents',
    async run(turns) {
      script.start(turns)
      const result = await runner.run(agent, USER_INPUT, { maxTurns: turns + 2 })
      script.verify('@openai/agents', result.finalOutput)
    },
  }
}
