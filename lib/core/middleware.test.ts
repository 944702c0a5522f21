import { describe, expect, it } from 'vitest'
import { AgentConfigurationError } from './errors'
import {
  AgentMiddleware,
  ChatMiddleware,
  FunctionMiddleware,
  agentMiddleware,
  chatMiddleware,
  functionMiddleware,
  type AgentContext,
  type ChatContext,
  type FunctionInvocationContext,
  type Middleware,
  type NextFunction,
} from './middleware'
import { categorizeMiddleware, concatMiddleware, runMiddlewareChain } from './middleware-pipeline'

describe('categorizeMiddleware', () => {
  it('sorts classes and tagged functions by kind, keeping order', () => {
    class A extends AgentMiddleware {
      process(_c: AgentContext, next: NextFunction) {
        return next()
      }
    }
    class C extends ChatMiddleware {
      process(_c: ChatContext, next: NextFunction) {
        return next()
      }
    }
    class F extends FunctionMiddleware {
      process(_c: FunctionInvocationContext, next: NextFunction) {
        return next()
      }
    }
    const list: Middleware[] = [new F(), agentMiddleware((_c, n) => n()), new A(), new C(), chatMiddleware((_c, n) => n()), functionMiddleware((_c, n) => n())]
    const sorted = categorizeMiddleware(list)
    expect([sorted.agent.length, sorted.chat.length, sorted.function.length]).toEqual([2, 2, 2])
    expect(concatMiddleware(sorted, categorizeMiddleware([])).agent).toBe(sorted.agent)
    expect(concatMiddleware(sorted, categorizeMiddleware([new A()])).agent).toHaveLength(3)
  })

  it('rejects untagged functions and unknown objects with a hint', () => {
    const untagged = (async () => {}) as unknown as Middleware
    expect(() => categorizeMiddleware([untagged])).toThrow(AgentConfigurationError)
    expect(() => categorizeMiddleware([{ process() {} } as unknown as Middleware])).toThrow(/agentMiddleware\(\)/)
  })

  it('binds class middleware to its instance', async () => {
    class Counting extends AgentMiddleware {
      count = 0
      async process(_c: AgentContext, next: NextFunction) {
        this.count++
        await next()
      }
    }
    const counting = new Counting()
    const [handler] = categorizeMiddleware([counting]).agent
    await handler({} as AgentContext, async () => {})
    expect(counting.count).toBe(1)
  })
})

describe('runMiddlewareChain', () => {
  type Ctx = { log: string[]; result?: string }
  const tagging = (tag: string) => async (ctx: Ctx, next: NextFunction) => {
    ctx.log.push(`${tag}>`)
    await next()
    ctx.log.push(`<${tag}`)
  }

  it('runs in order on the way in and in reverse on the way out', async () => {
    const ctx: Ctx = { log: [] }
    await runMiddlewareChain([tagging('1'), tagging('2')], ctx, async (c) => {
      c.log.push('terminal')
      c.result = 'done'
    })
    expect(ctx.log).toEqual(['1>', '2>', 'terminal', '<2', '<1'])
    expect(ctx.result).toBe('done')
  })

  it('short-circuits when a middleware does not call next', async () => {
    const ctx: Ctx = { log: [] }
    const stop = (c: Ctx) => {
      c.log.push('stop')
      c.result = 'cached'
    }
    await runMiddlewareChain([tagging('1'), stop, tagging('3')], ctx, async (c) => {
      c.log.push('terminal')
    })
    expect(ctx.log).toEqual(['1>', 'stop', '<1'])
    expect(ctx.result).toBe('cached')
  })

  it('propagates errors from the terminal through the chain', async () => {
    const ctx: Ctx = { log: [] }
    const catching = async (c: Ctx, next: NextFunction) => {
      try {
        await next()
      } catch (error) {
        c.result = `caught ${(error as Error).message}`
      }
    }
    await runMiddlewareChain([catching], ctx, async () => {
      throw new Error('boom')
    })
    expect(ctx.result).toBe('caught boom')
  })

  it('rejects calling next twice', async () => {
    const twice = async (_c: Ctx, next: NextFunction) => {
      await next()
      await next()
    }
    await expect(runMiddlewareChain([twice], { log: [] }, async () => {})).rejects.toThrow('A middleware called next() more than once.')
  })
})
