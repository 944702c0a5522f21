import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent, type AgentOptions } from '../agents'
import { ToolExecutionException } from '../errors'
import { functionMiddleware } from '../middleware'
import { AgentSession } from '../sessions/agent-session'
import { ScriptedChatClient, functionCall, modelFunctionCalls, modelResponse } from '../testing'
import { FunctionTool } from '../tools/function-tool'
import { tool } from '../tools/tool'
import type { FunctionResultContent, Message } from '../types'
import type { Logger } from '../logger'

const add = tool({ name: 'add', parameters: z.object({ a: z.number(), b: z.number() }), execute: ({ a, b }) => a + b })
const broken = tool({
  name: 'broken',
  execute: () => {
    throw new Error('always fails')
  },
})

function recordingLogger() {
  const lines: string[] = []
  const logger: Logger = {
    debug: () => {},
    info: (m) => lines.push(`info: ${m}`),
    warn: (m) => lines.push(`warn: ${m}`),
    error: (m) => lines.push(`error: ${m}`),
  }
  return { lines, logger }
}

function agentWith(client: ScriptedChatClient, options: Partial<AgentOptions> = {}) {
  return new Agent({ client, tools: [add, broken], logger: recordingLogger().logger, ...options })
}

const results = (messages: Message[]): FunctionResultContent[] =>
  messages.flatMap((m) => m.contents.filter((c): c is FunctionResultContent => c.type === 'function_result'))

describe('function-invocation loop', () => {
  it('calls tools, sends results back and returns the whole exchange', async () => {
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('add', { a: 2, b: 40 }, 'c1')), modelResponse('It is 42.')])
    const response = await agentWith(client).run('2 + 40?')
    expect(response.text).toBe('It is 42.')
    expect(response.messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant'])
    expect(results(response.messages)).toEqual([{ type: 'function_result', callId: 'c1', result: 42 }])
    const second = client.calls[1]
    expect(second.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool'])
    expect(second.options.tools?.map((t) => t.name)).toEqual(['add', 'broken'])
    client.assertComplete()
  })

  it('runs parallel calls of one turn concurrently and answers them in one tool message, in order', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let waiting = 0
    const rendezvous = tool({
      name: 'rendezvous',
      parameters: z.object({ id: z.string() }),
      execute: async ({ id }) => {
        if (++waiting === 3) release()
        await gate
        return id
      },
    })
    const client = new ScriptedChatClient([
      modelFunctionCalls(
        functionCall('rendezvous', { id: 'a' }, '1'),
        functionCall('rendezvous', { id: 'b' }, '2'),
        functionCall('rendezvous', { id: 'c' }, '3'),
      ),
      modelResponse('done'),
    ])
    const response = await agentWith(client, { tools: [rendezvous] }).run('go')
    const toolMessages = response.messages.filter((m) => m.role === 'tool')
    expect(toolMessages).toHaveLength(1)
    expect(results(toolMessages).map((r) => [r.callId, r.result])).toEqual([
      ['1', 'a'],
      ['2', 'b'],
      ['3', 'c'],
    ])
  })

  it('stops offering tools after maxIterations and asks once more with toolChoice none', async () => {
    const { lines, logger } = recordingLogger()
    const client = new ScriptedChatClient([
      modelFunctionCalls(functionCall('add', { a: 1, b: 1 })),
      modelFunctionCalls(functionCall('add', { a: 1, b: 1 })),
      modelResponse('giving up on tools'),
    ])
    const response = await agentWith(client, { logger, functionInvocation: { maxIterations: 2 } }).run('loop')
    expect(client.calls).toHaveLength(3)
    expect(client.calls.map((c) => c.options.toolChoice)).toEqual([undefined, undefined, 'none'])
    expect(response.text).toBe('giving up on tools')
    expect(lines).toContain('info: Maximum iterations reached (2). Requesting final response without tools.')
  })

  it('defaults to 40 iterations', async () => {
    const client = new ScriptedChatClient()
    for (let i = 0; i < 40; i++) client.enqueue(modelFunctionCalls(functionCall('add', { a: i, b: 0 })))
    client.enqueue(modelResponse('final'))
    const response = await agentWith(client).run('loop')
    expect(client.calls).toHaveLength(41)
    expect(client.lastCall?.options.toolChoice).toBe('none')
    expect(results(response.messages)).toHaveLength(40)
  })

  it('withdraws tools after maxConsecutiveErrorsPerRequest failing batches (default 3)', async () => {
    const { lines, logger } = recordingLogger()
    const client = new ScriptedChatClient([
      modelFunctionCalls(functionCall('broken')),
      modelFunctionCalls(functionCall('broken')),
      modelFunctionCalls(functionCall('broken')),
      modelResponse('sorry, the tool keeps failing'),
    ])
    const response = await agentWith(client, { logger }).run('try')
    expect(client.calls.map((c) => c.options.toolChoice)).toEqual([undefined, undefined, undefined, 'none'])
    expect(results(response.messages).map((r) => r.result)).toEqual(Array(3).fill('Error: Function failed.'))
    expect(lines).toContain('warn: Maximum consecutive function call errors reached (3). Stopping further function calls for this request.')
  })

  it('resets the consecutive error count after a successful batch', async () => {
    const client = new ScriptedChatClient([
      modelFunctionCalls(functionCall('broken')),
      modelFunctionCalls(functionCall('broken')),
      modelFunctionCalls(functionCall('add', { a: 1, b: 2 })),
      modelFunctionCalls(functionCall('broken')),
      modelFunctionCalls(functionCall('broken')),
      modelResponse('done'),
    ])
    await agentWith(client).run('try')
    expect(client.calls.every((c) => c.options.toolChoice === undefined)).toBe(true)
  })

  it('counts a batch with one failing call among successes as an error batch', async () => {
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('add', { a: 1, b: 2 }), functionCall('broken')), modelResponse('done')])
    await agentWith(client, { functionInvocation: { maxConsecutiveErrorsPerRequest: 1 } }).run('try')
    expect(client.lastCall?.options.toolChoice).toBe('none')
  })

  it('does not execute calls the model makes after tools were withdrawn', async () => {
    let executed = 0
    const counted = tool({ name: 'counted', execute: () => ++executed })
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('counted'), functionCall('counted')), modelFunctionCalls(functionCall('counted'))])
    const response = await agentWith(client, { tools: [counted], functionInvocation: { maxFunctionCalls: 2 } }).run('x')
    expect(executed).toBe(2)
    expect(client.lastCall?.options.toolChoice).toBe('none')
    expect(response.messages.at(-1)?.contents[0]).toMatchObject({ type: 'function_call', name: 'counted' })
  })

  it('lets a whole batch finish even when it overshoots maxFunctionCalls', async () => {
    const client = new ScriptedChatClient([
      modelFunctionCalls(functionCall('add', { a: 1, b: 1 }), functionCall('add', { a: 2, b: 2 }), functionCall('add', { a: 3, b: 3 })),
      modelResponse('done'),
    ])
    const response = await agentWith(client, { functionInvocation: { maxFunctionCalls: 1 } }).run('x')
    expect(results(response.messages).map((r) => r.result)).toEqual([2, 4, 6])
    expect(client.lastCall?.options.toolChoice).toBe('none')
  })

  it('honours a required tool choice once, then lets the model answer', async () => {
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('add', { a: 1, b: 1 })), modelResponse('2')])
    await agentWith(client).run('x', { options: { toolChoice: 'required' } })
    expect(client.calls.map((c) => c.options.toolChoice)).toEqual(['required', undefined])
  })

  it('returns the first answer as is when function invocation is disabled', async () => {
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('add', { a: 1, b: 1 }))])
    const response = await agentWith(client, { functionInvocation: { enabled: false } }).run('x')
    expect(response.messages).toHaveLength(1)
    expect(results(response.messages)).toHaveLength(0)
  })

  it('sends malformed arguments and unknown tools back to the model as errors, never crashing', async () => {
    const client = new ScriptedChatClient([
      modelFunctionCalls(
        functionCall('add', '{"a": 1,', 'bad-json'),
        functionCall('add', { a: 'x', b: 2 }, 'bad-schema'),
        functionCall('ghost', {}, 'unknown'),
      ),
      modelResponse('I will fix my call'),
    ])
    const response = await agentWith(client).run('x')
    const byId = Object.fromEntries(results(response.messages).map((r) => [r.callId, String(r.result)]))
    expect(byId['bad-json']).toMatch(/^Error: Argument parsing failed\. Arguments are not valid JSON/)
    expect(byId['bad-schema']).toBe('Error: Argument parsing failed. a: Invalid input: expected number, received string')
    expect(byId.unknown).toBe('Error: Requested function "ghost" not found.')
    expect(response.text).toBe('I will fix my call')
  })

  it('answers unknown calls with an error even when the agent has no tools at all', async () => {
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('ghost', {}, 'g')), modelResponse('ok')])
    const response = await new Agent({ client }).run('x')
    expect(results(response.messages)[0].result).toBe('Error: Requested function "ghost" not found.')
    expect(client.calls[0].options.tools).toBeUndefined()
  })

  it('fails the run on unknown calls when terminateOnUnknownCalls is set', async () => {
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('ghost'))])
    await expect(agentWith(client, { functionInvocation: { terminateOnUnknownCalls: true } }).run('x')).rejects.toBeInstanceOf(ToolExecutionException)
  })

  it('passes runtime kwargs to tools, never to the model', async () => {
    const seen: unknown[] = []
    const whoami = tool({ name: 'whoami', execute: (_args, { kwargs }) => seen.push(kwargs?.tenant) })
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('whoami')), modelResponse('ok')])
    await agentWith(client, { tools: [whoami] }).run('x', { functionInvocationKwargs: { tenant: 'acme' } })
    expect(seen).toEqual(['acme'])
    expect(JSON.stringify(client.calls.map((c) => c.messages))).not.toContain('acme')
  })

  it('runs function middleware (agent-level then run-level) around every call', async () => {
    const log: string[] = []
    const tag = (name: string) =>
      functionMiddleware(async (ctx, next) => {
        log.push(`${name}>${ctx.function.name}`)
        await next()
        log.push(`<${name}`)
      })
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('add', { a: 1, b: 2 })), modelResponse('3')])
    await agentWith(client, { middleware: [tag('agent')] }).run('x', { middleware: [tag('run')] })
    expect(log).toEqual(['agent>add', 'run>add', '<run', '<agent'])
  })

  it('gives function middleware the session, metadata, call id and validated arguments', async () => {
    const seen: unknown[] = []
    const inspect = functionMiddleware(async (ctx, next) => {
      ctx.metadata.startedBy = 'inspect'
      seen.push(ctx.session?.sessionId, ctx.callId, ctx.arguments, ctx.function.name)
      await next()
      seen.push(ctx.result, ctx.metadata)
    })
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('add', '{"a":1,"b":2}', 'k1')), modelResponse('3')])
    const session = new AgentSession({ sessionId: 'sess-9' })
    await agentWith(client, { middleware: [inspect] }).run('x', { session })
    expect(seen).toEqual(['sess-9', 'k1', { a: 1, b: 2 }, 'add', 3, { startedBy: 'inspect' }])
  })

  it('includes exception details for the model when includeDetailedErrors is set', async () => {
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('broken')), modelResponse('ok')])
    const response = await agentWith(client, { functionInvocation: { includeDetailedErrors: true } }).run('x')
    expect(results(response.messages)[0]).toMatchObject({ result: 'Error: Function failed. Exception: always fails', exception: 'always fails' })
  })

  it('applies context.addTools / removeTools from the next model call on', async () => {
    const secret = tool({ name: 'secret', execute: () => 'hidden value' })
    const unlock = tool({
      name: 'unlock',
      execute: (_args, { context }) => {
        context?.addTools(secret)
        context?.removeTools('unlock')
        return `tools now: ${context?.tools.map((t) => t.name).join(',')}`
      },
    })
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('unlock')), modelFunctionCalls(functionCall('secret')), modelResponse('done')])
    const response = await new Agent({ client, tools: [unlock] }).run('x')
    expect(client.calls.map((c) => c.options.tools?.map((t) => t.name))).toEqual([['unlock'], ['secret'], ['secret']])
    expect(results(response.messages).map((r) => r.result)).toEqual(['tools now: unlock', 'hidden value'])
  })

  it('lets function middleware add tools too', async () => {
    const extra = tool({ name: 'extra', execute: () => 'x' })
    const adder = functionMiddleware(async (ctx, next) => {
      ctx.addTools(extra)
      await next()
    })
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('add', { a: 1, b: 1 })), modelResponse('ok')])
    await agentWith(client, { middleware: [adder] }).run('x')
    expect(client.lastCall?.options.tools?.map((t) => t.name)).toEqual(['add', 'broken', 'extra'])
  })

  it("reads a tool provider's list at the start of every iteration", async () => {
    const provider: { functions: FunctionTool[] } = { functions: [] }
    const late = tool({ name: 'late', execute: () => 'arrived' })
    const client = new ScriptedChatClient([
      modelResponse((_messages, options) => {
        expect(options.tools?.map((t) => t.name)).toEqual(['add'])
        provider.functions = [late]
        return modelAnswerCalling('add', { a: 1, b: 1 })
      }),
      modelResponse((_messages, options) => {
        expect(options.tools?.map((t) => t.name)).toEqual(['add', 'late'])
        return modelAnswerCalling('late', {})
      }),
      modelResponse('done'),
    ])
    const response = await new Agent({ client, tools: [add, provider] }).run('x')
    expect(results(response.messages).map((r) => r.result)).toEqual([2, 'arrived'])
    client.assertComplete()
  })
})

function modelAnswerCalling(name: string, args: Record<string, unknown>) {
  // A ChatResponse built through the scripted helpers, used from inside a responder.
  const step = modelFunctionCalls(functionCall(name, args))
  if (step.kind !== 'response') throw new Error('unexpected step')
  return step.respond([], {})
}
