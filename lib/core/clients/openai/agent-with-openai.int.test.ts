/**
 * An Agent with a function tool, talking to the loopback server through both OpenAI clients:
 * the model asks for the tool, the agent runs it, and the result goes back in the next request.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent } from '../../agents'
import { tool } from '../../tools/tool'
import type { ChatClient } from '../chat-client'
import { OpenAIChatClient } from './openai-chat-client'
import { OpenAIChatCompletionClient } from './openai-chat-completion-client'
import type { LoopbackOpenAIServer } from './testing'
import { useLoopbackOpenAIServer } from './testing/use-loopback-server'

let server: LoopbackOpenAIServer
useLoopbackOpenAIServer((started) => (server = started))

const add = tool({
  name: 'math.add',
  description: 'Add two numbers',
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => a + b,
})

const connection = () => ({ apiKey: 'test-key', baseURL: server.baseURL, model: 'gpt-test', env: {} })

const clients: Array<{ name: string; make: () => ChatClient; toolResultOf: (body: any) => unknown }> = [
  {
    name: 'OpenAIChatClient',
    make: () => new OpenAIChatClient(connection()),
    toolResultOf: (body) => body.input.find((item: any) => item.type === 'function_call_output'),
  },
  {
    name: 'OpenAIChatCompletionClient',
    make: () => new OpenAIChatCompletionClient(connection()),
    toolResultOf: (body) => body.messages.find((message: any) => message.role === 'tool'),
  },
]

describe.each(clients)('Agent with $name', ({ make, toolResultOf }) => {
  it('calls the tool the model asks for and answers with its result', async () => {
    server.enqueue(
      {
        toolCalls: [{ callId: 'call_1', name: 'math_add', arguments: '{"a":2,"b":40}' }],
        usage: { inputTokens: 30, outputTokens: 10 },
      },
      { text: 'The answer is 42.', usage: { inputTokens: 50, outputTokens: 6 } },
    )
    const agent = new Agent({ client: make(), instructions: 'Use the tools.', tools: [add] })
    const response = await agent.run('What is 2 + 40?')

    expect(response.text).toBe('The answer is 42.')
    expect(response.usage).toMatchObject({ inputTokenCount: 80, outputTokenCount: 16, totalTokenCount: 96 })
    expect(server.requests).toHaveLength(2)
    expect(JSON.stringify(toolResultOf(server.requests[1].body))).toContain('42')
    expect(JSON.stringify(toolResultOf(server.requests[1].body))).toContain('call_1')
  })

  it('streams a tool round trip with argument fragments', async () => {
    server.enqueue({ toolCalls: [{ callId: 'call_s', name: 'math_add', arguments: ['{"a":', '1,"b"', ':1}'] }] }, { text: ['It is ', '2.'] })
    const agent = new Agent({ client: make(), tools: [add] })
    let text = ''
    for await (const update of agent.runStream('1 + 1?')) text += update.text
    expect(text).toBe('It is 2.')
    expect(JSON.stringify(toolResultOf(server.requests[1].body))).toContain('call_s')
  })
})
