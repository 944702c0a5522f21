/**
 * The baseline: the loop an application would write by hand with no framework — call the model,
 * parse the tool call's arguments, run the tool, append both to the conversation, repeat.
 */
import { INSTRUCTIONS, TOOL_NAME, TurnScript, USER_INPUT, type AgentHarness } from './turn-script'

type LoopMessage =
  | { role: 'system' | 'user' | 'assistant'; content: string }
  | { role: 'assistant'; toolCall: { id: string; name: string; arguments: string } }
  | { role: 'tool'; toolCallId: string; content: string }

export function handWrittenHarness(): AgentHarness {
  const script = new TurnScript()
  const tools: Record<string, (args: Record<string, unknown>) => Promise<string>> = {
    [TOOL_NAME]: async () => script.toolRan(),
  }
  const model = async (_messages: LoopMessage[]) => script.next()
  return {
    key: 'hand-written',
    async run(turns) {
      script.start(turns)
      const messages: LoopMessage[] = [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: USER_INPUT },
      ]
      for (;;) {
        const turn = await model(messages)
        if (turn.kind === 'final') {
          messages.push({ role: 'assistant', content: turn.text })
          script.verify('hand-written', turn.text)
          return
        }
        const call = { id: turn.callId, name: TOOL_NAME, arguments: '{}' }
        messages.push({ role: 'assistant', toolCall: call })
        const result = await tools[call.name](JSON.parse(call.arguments))
        messages.push({ role: 'tool', toolCallId: call.id, content: result })
      }
    },
  }
}
