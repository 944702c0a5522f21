/**
 * Middleware intercepts the three layers of a run: the agent run (AgentMiddleware), each model call
 * (ChatMiddleware) and each tool call (FunctionMiddleware). A middleware is a class with
 * `process(context, next)` or a plain function tagged with agentMiddleware() / chatMiddleware() /
 * functionMiddleware(). Calling `next()` runs the rest of the chain; not calling it and setting
 * `context.result` short-circuits. Middlewares run in list order on the way in, reverse on the way out.
 */
import type { SupportsAgentRun } from './agent-protocol'
import type { ChatClient, ChatOptions, ChatRequestOptions } from './clients/chat-client'
import type { AgentSession } from './sessions/agent-session'
import type { FunctionInvocationContext } from './tools/function-tool'
import type { AgentResponse, AgentResponseUpdate, ChatResponse, ChatResponseUpdate, Message } from './types'

// Function middleware's context is the tools' own (a tool call can add tools, so it lives with them).
export { FunctionInvocationContext } from './tools/function-tool'

export type NextFunction = () => Promise<void>

export interface AgentContext {
  readonly agent: SupportsAgentRun
  /** The run's input messages (context providers' messages are added later, per model call). */
  messages: Message[]
  readonly session: AgentSession
  /** Chat options for this run (merged agent defaults and run options). */
  options: ChatOptions
  readonly isStreaming: boolean
  /** An AgentResponse (run) or an async iterable of updates (runStream); an AgentResponse is accepted in both. */
  result?: AgentResponse | AsyncIterable<AgentResponseUpdate>
  metadata: Record<string, unknown>
  /** Runtime keyword arguments handed to every tool call of the run. */
  kwargs: Record<string, unknown>
  readonly signal?: AbortSignal
}

export interface ChatContext {
  readonly client: ChatClient
  messages: Message[]
  options: ChatRequestOptions
  readonly isStreaming: boolean
  /** A ChatResponse, or (streaming) an async iterable of updates; a ChatResponse is accepted in both. */
  result?: ChatResponse | AsyncIterable<ChatResponseUpdate>
  metadata: Record<string, unknown>
  readonly signal?: AbortSignal
}

export type MiddlewareKind = 'agent' | 'chat' | 'function'

type Handler<C> = (context: C, next: NextFunction) => Promise<void> | void

export abstract class AgentMiddleware {
  readonly middlewareKind = 'agent' as const
  abstract process(context: AgentContext, next: NextFunction): Promise<void> | void
}

export abstract class ChatMiddleware {
  readonly middlewareKind = 'chat' as const
  abstract process(context: ChatContext, next: NextFunction): Promise<void> | void
}

export abstract class FunctionMiddleware {
  readonly middlewareKind = 'function' as const
  abstract process(context: FunctionInvocationContext, next: NextFunction): Promise<void> | void
}

export type AgentMiddlewareFunction = Handler<AgentContext> & { readonly middlewareKind: 'agent' }
export type ChatMiddlewareFunction = Handler<ChatContext> & { readonly middlewareKind: 'chat' }
export type FunctionMiddlewareFunction = Handler<FunctionInvocationContext> & { readonly middlewareKind: 'function' }

export type AgentMiddlewareLike = AgentMiddleware | AgentMiddlewareFunction
export type ChatMiddlewareLike = ChatMiddleware | ChatMiddlewareFunction
export type FunctionMiddlewareLike = FunctionMiddleware | FunctionMiddlewareFunction
export type Middleware = AgentMiddlewareLike | ChatMiddlewareLike | FunctionMiddlewareLike

function tag<K extends MiddlewareKind, F extends (...args: never[]) => unknown>(kind: K, fn: F): F & { readonly middlewareKind: K } {
  return Object.assign(fn, { middlewareKind: kind })
}

/** Marks a plain function as agent middleware. */
export function agentMiddleware(fn: Handler<AgentContext>): AgentMiddlewareFunction {
  return tag('agent', (context: AgentContext, next: NextFunction) => fn(context, next))
}

/** Marks a plain function as chat middleware. */
export function chatMiddleware(fn: Handler<ChatContext>): ChatMiddlewareFunction {
  return tag('chat', (context: ChatContext, next: NextFunction) => fn(context, next))
}

/** Marks a plain function as function middleware. */
export function functionMiddleware(fn: Handler<FunctionInvocationContext>): FunctionMiddlewareFunction {
  return tag('function', (context: FunctionInvocationContext, next: NextFunction) => fn(context, next))
}
