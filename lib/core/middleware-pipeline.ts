/**
 * Sorting middleware by kind and running a chain of it around a terminal handler.
 */
import { AgentConfigurationError } from './errors'
import type { AgentContext, ChatContext, FunctionInvocationContext, Middleware, MiddlewareKind, NextFunction } from './middleware'

export type MiddlewareHandler<C> = (context: C, next: NextFunction) => Promise<void> | void

export interface CategorizedMiddleware {
  agent: MiddlewareHandler<AgentContext>[]
  chat: MiddlewareHandler<ChatContext>[]
  function: MiddlewareHandler<FunctionInvocationContext>[]
}

const KINDS: readonly MiddlewareKind[] = ['agent', 'chat', 'function']

export function emptyMiddleware(): CategorizedMiddleware {
  return { agent: [], chat: [], function: [] }
}

/** Splits a mixed list into handlers per kind, keeping each kind's order. */
export function categorizeMiddleware(list: readonly Middleware[] | undefined): CategorizedMiddleware {
  const categorized = emptyMiddleware()
  for (const item of list ?? []) {
    const kind = (item as { middlewareKind?: unknown } | null)?.middlewareKind
    if (!KINDS.includes(kind as MiddlewareKind)) {
      throw new AgentConfigurationError(
        'Unknown middleware: extend AgentMiddleware / ChatMiddleware / FunctionMiddleware, or wrap a function with ' +
          'agentMiddleware(), chatMiddleware() or functionMiddleware().',
      )
    }
    const handler = typeof item === 'function' ? item : item.process.bind(item)
    ;(categorized[kind as MiddlewareKind] as MiddlewareHandler<unknown>[]).push(handler as MiddlewareHandler<unknown>)
  }
  return categorized
}

export function concatMiddleware(a: CategorizedMiddleware, b: CategorizedMiddleware): CategorizedMiddleware {
  if (b.agent.length + b.chat.length + b.function.length === 0) return a
  return { agent: [...a.agent, ...b.agent], chat: [...a.chat, ...b.chat], function: [...a.function, ...b.function] }
}

/** Runs `handlers` in order around `terminal`; a handler that does not call next() short-circuits the rest. */
export async function runMiddlewareChain<C>(handlers: readonly MiddlewareHandler<C>[], context: C, terminal: (context: C) => Promise<void>): Promise<void> {
  if (handlers.length === 0) return terminal(context)
  const dispatch = async (index: number): Promise<void> => {
    if (index === handlers.length) return terminal(context)
    let called = false
    await handlers[index](context, () => {
      if (called) return Promise.reject(new AgentConfigurationError('A middleware called next() more than once.'))
      called = true
      return dispatch(index + 1)
    })
  }
  return dispatch(0)
}
