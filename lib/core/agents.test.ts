import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent } from './agents'
import { DemoChatClient } from './clients/demo/demo-chat-client'
import { AbortError, AgentConfigurationError, ChatClientException } from './errors'
import { AgentMiddleware, agentMiddleware, chatMiddleware, type AgentContext, type NextFunction } from './middleware'
import { AgentSession } from './sessions/agent-session'
import { ContextProvider, type ContextProviderRunArgs } from './sessions/context-provider'
import { InMemoryHistoryProvider } from './sessions/in-memory-history-provider'
import { ScriptedChatClient, functionCall, modelError, modelFunctionCalls, modelHang, modelResponse, modelStream } from './testing'
import { tool } from './tools/tool'
import { AgentResponse, AgentResponseUpdate, ChatResponse, Message, textContent } from './types'

const add = tool({ name: 'add', description: 'Add two numbers', parameters: z.object({ a: z.number(), b: z.number() }), execute: async ({ a, b }) => a + b })

async function collect(stream: AsyncIterable<AgentResponseUpdate>): Promise<AgentResponseUpdate[]> {
  const updates: AgentResponseUpdate[] = []
  for await (const update of stream) updates.push(update)
  return updates
}

describe('Agent with the demo client (the public sketch)', () => {
  it('runs a tool call end to end', async () => {
    const agent = new Agent({ client: new DemoChatClient(), instructions: 'Be brief.', tools: [add] })
    const response = await agent.run('/call add {"a":2,"b":40}')
    expect(response.text).toBe('Result: 42')
    expect(response.messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant'])
    expect(response.userInputRequests).toEqual([])
    expect(response.usage?.inputTokenCount).toBeGreaterThan(0)
    expect(response.usage?.totalTokenCount).toBe((response.usage?.inputTokenCount ?? 0) + (response.usage?.outputTokenCount ?? 0))
    expect(response.agentId).toBe(agent.id)
  })

  it('streams text updates whose concatenation is the answer', async () => {
    const agent = new Agent({ client: new DemoChatClient() })
    const stream = agent.runStream('hello there')
    const updates = await collect(stream)
    expect(updates.map((u) => u.text).join('')).toBe('Demo reply: hello there')
    expect(updates.length).toBeGreaterThan(1)
    const final = await stream.getFinalResponse()
    expect(final.text).toBe('Demo reply: hello there')
    expect(final.usage?.outputTokenCount).toBe(4)
  })

  it('streams function calls, tool results and the final answer', async () => {
    const agent = new Agent({ client: new DemoChatClient(), tools: [add] })
    const updates = await collect(agent.runStream('/call add {"a":1,"b":2}'))
    const kinds = updates.map((u) => `${u.role}:${u.contents.map((c) => c.type).join(',')}`)
    expect(kinds).toContain('tool:function_result')
    expect(updates.at(-2)?.text ?? updates.at(-1)?.text).toBeDefined()
    expect(updates.map((u) => u.text).join('')).toBe('Result: 3')
  })

  it('gives the same final response from getFinalResponse without iterating', async () => {
    const agent = new Agent({ client: new DemoChatClient(), tools: [add] })
    const streamed = await agent.runStream('/call add {"a":1,"b":2}').getFinalResponse()
    const plain = await agent.run('/call add {"a":1,"b":2}')
    expect(streamed.messages.map((m) => [m.role, m.contents])).toEqual(plain.messages.map((m) => [m.role, m.contents]))
    expect(streamed.usage).toEqual(plain.usage)
  })

  it('refuses to iterate one stream twice', async () => {
    const stream = new Agent({ client: new DemoChatClient() }).runStream('x')
    await collect(stream)
    await expect(collect(stream)).rejects.toBeInstanceOf(AgentConfigurationError)
  })

  it('accepts strings, messages, lists and no input', async () => {
    const agent = new Agent({ client: new DemoChatClient() })
    expect((await agent.run(new Message({ role: 'user', text: 'm' }))).text).toBe('Demo reply: m')
    expect((await agent.run(['a', new Message({ role: 'user', text: 'b' })])).text).toBe('Demo reply: b')
    expect((await agent.run()).text).toBe('Demo reply: ')
  })
})

describe('Agent options', () => {
  it('merges instructions and chat options: agent, defaults, run, providers', async () => {
    class Hints extends ContextProvider {
      override beforeRun({ context }: ContextProviderRunArgs) {
        context.extendInstructions(this.sourceId, 'Use metric units.')
      }
    }
    const client = new ScriptedChatClient([modelResponse('ok')])
    const agent = new Agent({
      client,
      instructions: 'Be brief.',
      defaultOptions: { temperature: 0.1, model: 'm1', additional: { a: 1 } },
      contextProviders: [new Hints('hints')],
    })
    await agent.run('x', { options: { temperature: 0.7, instructions: 'Answer in French.', additional: { b: 2 } } })
    const options = client.lastCall!.options
    expect(options.instructions).toBe('Be brief.\nAnswer in French.\nUse metric units.')
    expect(options.temperature).toBe(0.7)
    expect(options.model).toBe('m1')
    expect(options.additional).toEqual({ a: 1, b: 2 })
  })

  it('adds tools passed per run or in options', async () => {
    const mul = tool({ name: 'mul', execute: () => 0 })
    const sub = tool({ name: 'sub', execute: () => 0 })
    const client = new ScriptedChatClient([modelResponse('ok')])
    await new Agent({ client, tools: [add] }).run('x', { tools: [mul], options: { tools: [sub] } })
    expect(client.lastCall!.options.tools?.map((t) => t.name)).toEqual(['add', 'mul', 'sub'])
  })

  it('names assistant messages after the agent', async () => {
    const response = await new Agent({ client: new DemoChatClient(), name: 'helper' }).run('x')
    expect(response.messages[0].authorName).toBe('helper')
  })

  it('rejects a missing client, bad tools and bad middleware at construction', () => {
    expect(() => new Agent({} as never)).toThrow(AgentConfigurationError)
    expect(() => new Agent({ client: new DemoChatClient(), tools: [{} as never] })).toThrow(AgentConfigurationError)
    expect(() => new Agent({ client: new DemoChatClient(), middleware: [(() => {}) as never] })).toThrow(AgentConfigurationError)
  })

  it('propagates model failures', async () => {
    const agent = new Agent({ client: new ScriptedChatClient([modelError('model down')]) })
    await expect(agent.run('x')).rejects.toThrow('model down')
  })

  it('runs concurrently without sharing run state', async () => {
    const agent = new Agent({ client: new DemoChatClient(), tools: [add] })
    const [a, b] = await Promise.all([agent.run('/call add {"a":1,"b":1}'), agent.run('/call add {"a":5,"b":5}')])
    expect([a.text, b.text]).toEqual(['Result: 2', 'Result: 10'])
  })
})

describe('agent and chat middleware', () => {
  it('runs agent middleware around the run, in order, for run and runStream', async () => {
    const log: string[] = []
    class Logging extends AgentMiddleware {
      async process(context: AgentContext, next: NextFunction) {
        log.push(`in:${context.isStreaming}:${context.messages[0].text}`)
        await next()
        log.push(`out:${context.result instanceof AgentResponse ? context.result.text : 'stream'}`)
      }
    }
    const agent = new Agent({ client: new DemoChatClient(), middleware: [new Logging()] })
    await agent.run('a')
    await collect(agent.runStream('b'))
    expect(log).toEqual(['in:false:a', 'out:Demo reply: a', 'in:true:b', 'out:stream'])
  })

  it('lets agent middleware rewrite the input and short-circuit', async () => {
    const client = new ScriptedChatClient()
    const guard = agentMiddleware(async (context, next) => {
      if (context.messages.some((m) => m.text.includes('secret'))) {
        context.result = new AgentResponse({ messages: [new Message({ role: 'assistant', text: 'I cannot help with that.' })] })
        return
      }
      context.messages = [new Message({ role: 'user', text: context.messages[0].text.toUpperCase() })]
      await next()
    })
    const agent = new Agent({ client, middleware: [guard] })
    expect((await agent.run('tell me the secret')).text).toBe('I cannot help with that.')
    expect(await collect(agent.runStream('the secret'))).toHaveLength(1)
    expect(client.calls).toHaveLength(0)
    client.enqueue(modelResponse('ok'))
    await agent.run('shout')
    expect(client.lastCall!.messages[0].text).toBe('SHOUT')
  })

  it('lets streaming agent middleware transform the updates', async () => {
    const redact = agentMiddleware(async (context, next) => {
      await next()
      const inner = context.result as AsyncIterable<AgentResponseUpdate>
      context.result = (async function* () {
        for await (const update of inner) {
          yield new AgentResponseUpdate({ ...update, contents: update.contents.map((c) => (c.type === 'text' ? textContent(c.text.replace(/\d/g, '#')) : c)) })
        }
      })()
    })
    const client = new ScriptedChatClient([modelStream(['pin ', '1234'])])
    const stream = new Agent({ client, middleware: [redact] }).runStream('x')
    expect((await collect(stream)).map((u) => u.text).join('')).toBe('pin ####')
    expect((await stream.getFinalResponse()).text).toBe('pin ####')
  })

  it('runs agent-level chat middleware around every model call of the loop', async () => {
    const seen: number[] = []
    const counting = chatMiddleware(async (context, next) => {
      seen.push(context.messages.length)
      await next()
    })
    const agent = new Agent({ client: new DemoChatClient(), tools: [add], middleware: [counting] })
    await agent.run('/call add {"a":1,"b":1}')
    expect(seen).toEqual([1, 3])
  })

  it('lets chat middleware answer instead of the model, and reports one that does neither', async () => {
    const client = new ScriptedChatClient()
    const canned = chatMiddleware((context) => {
      context.result = new ChatResponse({ messages: [new Message({ role: 'assistant', text: 'canned' })] })
    })
    expect((await new Agent({ client, middleware: [canned] }).run('x')).text).toBe('canned')
    expect(await collect(new Agent({ client, middleware: [canned] }).runStream('x'))).toHaveLength(1)
    const silent = chatMiddleware(() => {})
    await expect(new Agent({ client, middleware: [silent] }).run('x')).rejects.toBeInstanceOf(ChatClientException)
    expect(client.calls).toHaveLength(0)
  })
})

describe('sessions and context providers', () => {
  it('keeps history in the session when one is passed (default in-memory history)', async () => {
    const client = new ScriptedChatClient([modelResponse('first answer'), modelResponse('second answer')])
    const agent = new Agent({ client })
    const session = agent.createSession()
    await agent.run('first question', { session })
    await agent.run('second question', { session })
    expect(client.lastCall!.messages.map((m) => m.text)).toEqual(['first question', 'first answer', 'second question'])
  })

  it('keeps no history without a session', async () => {
    const client = new ScriptedChatClient([modelResponse('a'), modelResponse('b')])
    const agent = new Agent({ client })
    await agent.run('one')
    await agent.run('two')
    expect(client.lastCall!.messages.map((m) => m.text)).toEqual(['two'])
  })

  it('continues a conversation from a session restored from JSON', async () => {
    const agent = new Agent({ client: new DemoChatClient(), tools: [add] })
    const session = new AgentSession({ sessionId: 's-1' })
    await agent.run('/call add {"a":2,"b":3}', { session })
    const restored = AgentSession.fromJSON(JSON.parse(JSON.stringify(session.toJSON())))
    const client = new ScriptedChatClient([modelResponse('remembered')])
    await new Agent({ client }).run('what did we do?', { session: restored })
    expect(client.lastCall!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user'])
    expect(client.lastCall!.messages[3].text).toBe('Result: 5')
  })

  it('does not add the default history when the service keeps the conversation', async () => {
    const client = new ScriptedChatClient([modelResponse('a'), modelResponse('b')])
    const agent = new Agent({ client })
    const session = new AgentSession({ serviceSessionId: 'conv_1' })
    await agent.run('one', { session })
    await agent.run('two', { session })
    expect(client.lastCall!.messages).toHaveLength(1)
  })

  it('runs beforeRun in order and afterRun in reverse, each with its own state slice', async () => {
    const log: string[] = []
    class Recording extends ContextProvider {
      override beforeRun({ state, context }: ContextProviderRunArgs) {
        state.runs = ((state.runs as number) ?? 0) + 1
        log.push(`before:${this.sourceId}`)
        context.extendMessages(this.sourceId, [new Message({ role: 'system', text: `context from ${this.sourceId}` })])
      }
      override afterRun({ context }: ContextProviderRunArgs) {
        log.push(`after:${this.sourceId}:${context.response?.text}`)
      }
    }
    const client = new ScriptedChatClient([modelResponse('answer')])
    const agent = new Agent({ client, contextProviders: [new Recording('one'), new Recording('two'), new Recording('three')] })
    const session = new AgentSession()
    await agent.run('question', { session })
    expect(log).toEqual(['before:one', 'before:two', 'before:three', 'after:three:answer', 'after:two:answer', 'after:one:answer'])
    expect(client.lastCall!.messages.map((m) => m.text)).toEqual(['context from one', 'context from two', 'context from three', 'question'])
    expect(session.state).toMatchObject({ one: { runs: 1 }, two: { runs: 1 }, three: { runs: 1 } })
  })

  it('offers tools a context provider adds', async () => {
    class Toolbox extends ContextProvider {
      override beforeRun({ context }: ContextProviderRunArgs) {
        context.extendTools(this.sourceId, [add])
      }
    }
    const response = await new Agent({ client: new DemoChatClient(), contextProviders: [new Toolbox('toolbox')] }).run('/call add {"a":4,"b":4}')
    expect(response.text).toBe('Result: 8')
  })

  it('uses a configured history provider instead of the default one', async () => {
    const history = new InMemoryHistoryProvider({ sourceId: 'mine' })
    const agent = new Agent({ client: new DemoChatClient(), contextProviders: [history] })
    const session = new AgentSession()
    await agent.run('hi', { session })
    expect(Object.keys(session.state)).toEqual(['mine'])
  })

  it('stores nothing when the run fails', async () => {
    let afterRuns = 0
    class Watcher extends ContextProvider {
      override afterRun() {
        afterRuns++
      }
    }
    const agent = new Agent({ client: new ScriptedChatClient([modelError('boom')]), contextProviders: [new Watcher('w')] })
    const session = new AgentSession()
    await expect(agent.run('x', { session })).rejects.toThrow('boom')
    expect(afterRuns).toBe(0)
    expect(session.state.in_memory).toEqual({ messages: [] })
  })
})

describe('cancellation', () => {
  it('rejects a run whose signal is already aborted without calling the model', async () => {
    const client = new ScriptedChatClient([modelResponse('never')])
    const controller = new AbortController()
    controller.abort()
    await expect(new Agent({ client }).run('x', { signal: controller.signal })).rejects.toBeInstanceOf(AbortError)
    expect(client.calls).toHaveLength(0)
  })

  it('cancels a model call in flight and stores nothing', async () => {
    const client = new ScriptedChatClient([modelHang()])
    const controller = new AbortController()
    const session = new AgentSession()
    const run = new Agent({ client }).run('x', { signal: controller.signal, session })
    await waitFor(() => client.calls.length === 1)
    controller.abort()
    await expect(run).rejects.toBeInstanceOf(AbortError)
    expect(client.lastCall!.options.signal).toBe(controller.signal)
    expect(session.state.in_memory).toEqual({ messages: [] })
  })

  it('cancels a tool call in flight, even one that ignores its signal', async () => {
    let started = false
    const stubborn = tool({
      name: 'stubborn',
      execute: () => {
        started = true
        return new Promise(() => {})
      },
    })
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('stubborn'))])
    const controller = new AbortController()
    const run = new Agent({ client, tools: [stubborn] }).run('x', { signal: controller.signal })
    await waitFor(() => started)
    controller.abort()
    await expect(run).rejects.toBeInstanceOf(AbortError)
  })

  it('hands the signal to tools', async () => {
    let received: AbortSignal | undefined
    const probe = tool({ name: 'probe', execute: (_args, { signal }) => ((received = signal), 'ok') })
    const controller = new AbortController()
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('probe')), modelResponse('done')])
    await new Agent({ client, tools: [probe] }).run('x', { signal: controller.signal })
    expect(received).toBe(controller.signal)
  })

  it('cancels a stream between updates', async () => {
    const controller = new AbortController()
    const client = new ScriptedChatClient([modelStream(['one ', 'two ', 'three'])])
    const texts: string[] = []
    const consume = async () => {
      for await (const update of new Agent({ client }).runStream('x', { signal: controller.signal })) {
        texts.push(update.text)
        controller.abort()
      }
    }
    await expect(consume()).rejects.toBeInstanceOf(AbortError)
    expect(texts).toEqual(['one '])
  })
})

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve))
}
