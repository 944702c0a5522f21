/**
 * Mastra: an Agent whose model is a minimal AI SDK LanguageModelV2 object (the interface Mastra's
 * providers implement) answering from the turn script, with a tool made by createTool, run with
 * generate() and maxSteps high enough for the whole conversation. No memory, storage or Mastra
 * instance (the agent's cheapest configuration).
 */
import { Agent } from '@mastra/core/agent'
import { createTool } from '@mastra/core/tools'
import { z } from 'zod'
import { INSTRUCTIONS, TOOL_DESCRIPTION, TOOL_NAME, TurnScript, USER_INPUT, type AgentHarness, type ScriptedTurn } from './turn-script'

const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 }

function streamParts(turn: ScriptedTurn): unknown[] {
  const start = [
    { type: 'stream-start', warnings: [] },
    { type: 'response-metadata', id: 'response', modelId: 'turn-script', timestamp: new Date(0) },
  ]
  if (turn.kind === 'tool_call') {
    return [...start, { type: 'tool-call', toolCallId: turn.callId, toolName: TOOL_NAME, input: '{}' }, { type: 'finish', finishReason: 'tool-calls', usage }]
  }
  return [
    ...start,
    { type: 'text-start', id: 'text' },
    { type: 'text-delta', id: 'text', delta: turn.text },
    { type: 'text-end', id: 'text' },
    { type: 'finish', finishReason: 'stop', usage },
  ]
}

/** The LanguageModelV2 protocol (specificationVersion 'v2'), answering from the script. */
function turnScriptModel(script: TurnScript) {
  return {
    specificationVersion: 'v2' as const,
    provider: 'bench',
    modelId: 'turn-script',
    supportedUrls: {},
    async doGenerate() {
      const turn = script.next()
      const content =
        turn.kind === 'tool_call'
          ? [{ type: 'tool-call' as const, toolCallId: turn.callId, toolName: TOOL_NAME, input: '{}' }]
          : [{ type: 'text' as const, text: turn.text }]
      return { content, finishReason: turn.kind === 'tool_call' ? ('tool-calls' as const) : ('stop' as const), usage, warnings: [] }
    },
    async doStream() {
      const parts = streamParts(script.next())
      const stream = new ReadableStream({
        start(controller) {
          for (const part of parts) controller.enqueue(part)
          controller.close()
        },
      })
      return { stream }
    },
  }
}

export function mastraAgentHarness(): AgentHarness {
  const script = new TurnScript()
  const step = createTool({
    id: TOOL_NAME,
    description: TOOL_DESCRIPTION,
    inputSchema: z.object({}),
    execute: async () => script.toolRan(),
  })
  const agent = new Agent({
    id: 'bench',
    name: 'bench',
    instructions: INSTRUCTIONS,
    // The object implements the V2 protocol; Mastra's type for it comes from its bundled AI SDK copy.
    model: turnScriptModel(script) as never,
    tools: { [TOOL_NAME]: step },
  })
  return {
    key: 'mastra',
    async run(turns) {
      script.start(turns)
      const result = await agent.generate(USER_INPUT, { maxSteps: turns + 2 })
      script.verify('Mastra', result.text)
    },
  }
}
