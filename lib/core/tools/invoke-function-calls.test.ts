import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AbortError, ToolExecutionException } from '../errors'
import { functionMiddleware, type FunctionInvocationContext } from '../middleware'
import { functionCallContent } from '../types'
import { normalizeFunctionInvocationConfiguration, type FunctionInvocationConfiguration } from './function-invocation-config'
import { assertKnownFunctions, invokeFunctionCall, invokeFunctionCalls, type FunctionCallExecution } from './invoke-function-calls'
import { tool } from './tool'
import { RunToolSet } from './tool-set'
import type { ToolLike } from './tool-provider'

const add = tool({
  name: 'add',
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => a + b,
})
const fail = tool({
  name: 'fail',
  execute: () => {
    throw new Error('disk full')
  },
})

type ExecutionOverrides = Partial<Omit<FunctionCallExecution, 'config'>> & { config?: FunctionInvocationConfiguration }

function execution(tools: ToolLike[], overrides: ExecutionOverrides = {}): FunctionCallExecution {
  return {
    toolSet: new RunToolSet(tools),
    middleware: [],
    kwargs: {},
    ...overrides,
    config: normalizeFunctionInvocationConfiguration(overrides.config),
  }
}

describe('invokeFunctionCall', () => {
  it('runs the tool with validated arguments', async () => {
    expect(await invokeFunctionCall(functionCallContent('c1', 'add', '{"a":2,"b":40}'), execution([add]))).toEqual({
      type: 'function_result',
      callId: 'c1',
      result: 42,
    })
  })

  it('answers an unknown tool with an error result', async () => {
    expect(await invokeFunctionCall(functionCallContent('c1', 'nope', '{}'), execution([add]))).toEqual({
      type: 'function_result',
      callId: 'c1',
      result: 'Error: Requested function "nope" not found.',
      exception: 'Function "nope" not found.',
    })
  })

  it('answers invalid JSON with a result naming the problem', async () => {
    const result = await invokeFunctionCall(functionCallContent('c1', 'add', '{"a":2,'), execution([add]))
    expect(result.result).toMatch(/^Error: Argument parsing failed\. Arguments are not valid JSON: /)
    expect(result.exception).toMatch(/^Arguments are not valid JSON/)
  })

  it('answers schema violations with a result naming each argument', async () => {
    const result = await invokeFunctionCall(functionCallContent('c1', 'add', { a: 'two' }), execution([add]))
    expect(result.result).toBe(
      'Error: Argument parsing failed. a: Invalid input: expected number, received string; b: Invalid input: expected number, received undefined',
    )
    expect(result.exception).toContain('a: Invalid input')
  })

  it('hides exception details from the model unless includeDetailedErrors', async () => {
    const call = functionCallContent('c1', 'fail', '{}')
    expect(await invokeFunctionCall(call, execution([fail]))).toEqual({
      type: 'function_result',
      callId: 'c1',
      result: 'Error: Function failed.',
      exception: 'disk full',
    })
    const detailed = await invokeFunctionCall(call, execution([fail], { config: { includeDetailedErrors: true } }))
    expect(detailed.result).toBe('Error: Function failed. Exception: disk full')
  })

  it('gives each call its own kwargs copy, the call id, the signal and the context', async () => {
    const seen: Array<{ kwargs: unknown; callId?: string; hasContext: boolean; signal?: AbortSignal }> = []
    const probe = tool({
      name: 'probe',
      execute: (_args, options) => {
        options.kwargs!.mutated = true
        seen.push({ kwargs: { ...options.kwargs }, callId: options.callId, hasContext: options.context !== undefined, signal: options.signal })
        return 'ok'
      },
    })
    const signal = new AbortController().signal
    const shared = { tenant: 't1' }
    await invokeFunctionCalls([functionCallContent('a', 'probe'), functionCallContent('b', 'probe')], execution([probe], { kwargs: shared, signal }))
    expect(shared).toEqual({ tenant: 't1' })
    expect(seen.map((s) => s.callId)).toEqual(['a', 'b'])
    expect(seen.every((s) => s.hasContext && s.signal === signal)).toBe(true)
    expect(seen[0].kwargs).toEqual({ tenant: 't1', mutated: true })
  })

  it('runs function middleware around the tool; middleware may rewrite arguments or short-circuit', async () => {
    const log: string[] = []
    const rewrite = functionMiddleware(async (ctx, next) => {
      log.push(`in:${ctx.function.name}:${JSON.stringify(ctx.arguments)}`)
      ctx.arguments = { ...ctx.arguments, b: 100 }
      await next()
      log.push(`out:${String(ctx.result)}`)
    })
    const result = await invokeFunctionCall(functionCallContent('c', 'add', { a: 1, b: 2 }), execution([add], { middleware: [rewrite] }))
    expect(result.result).toBe(101)
    expect(log).toEqual(['in:add:{"a":1,"b":2}', 'out:101'])

    const deny = functionMiddleware((ctx: FunctionInvocationContext) => {
      ctx.result = 'blocked by policy'
    })
    const blocked = await invokeFunctionCall(functionCallContent('c', 'fail', '{}'), execution([fail], { middleware: [deny] }))
    expect(blocked).toEqual({ type: 'function_result', callId: 'c', result: 'blocked by policy' })
  })

  it('turns a throwing middleware into a failed result', async () => {
    const broken = functionMiddleware(() => {
      throw new Error('mw broke')
    })
    const result = await invokeFunctionCall(functionCallContent('c', 'add', { a: 1, b: 2 }), execution([add], { middleware: [broken] }))
    expect(result.exception).toBe('mw broke')
  })

  it('propagates cancellation instead of reporting a failure', async () => {
    const controller = new AbortController()
    const slow = tool({ name: 'slow', execute: () => new Promise(() => {}) })
    const pending = invokeFunctionCall(functionCallContent('c', 'slow'), execution([slow], { signal: controller.signal }))
    controller.abort()
    await expect(pending).rejects.toBeInstanceOf(AbortError)
  })
})

describe('invokeFunctionCalls', () => {
  it('runs calls concurrently and returns results in call order', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const started: string[] = []
    const waiter = tool({
      name: 'wait',
      parameters: z.object({ id: z.string() }),
      execute: async ({ id }) => {
        started.push(id)
        if (started.length === 2) release()
        await gate
        return id
      },
    })
    const results = await invokeFunctionCalls(
      [functionCallContent('1', 'wait', { id: 'first' }), functionCallContent('2', 'wait', { id: 'second' })],
      execution([waiter]),
    )
    expect(results.map((r) => r.result)).toEqual(['first', 'second'])
  })
})

describe('assertKnownFunctions', () => {
  it('only throws when terminateOnUnknownCalls is set', () => {
    const calls = [functionCallContent('1', 'ghost')]
    expect(() => assertKnownFunctions(calls, execution([add]))).not.toThrow()
    expect(() => assertKnownFunctions(calls, execution([add], { config: { terminateOnUnknownCalls: true } }))).toThrow(ToolExecutionException)
  })
})
