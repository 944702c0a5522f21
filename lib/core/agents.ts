/**
 * Agent: a chat client plus instructions, tools, middleware and context providers.
 *
 *   const agent = new Agent({ client, instructions: 'Be brief.', tools: [add] })
 *   const response = await agent.run('What is 2 + 40?', { session })
 *   for await (const update of agent.runStream('hello')) process.stdout.write(update.text)
 *
 * A run: agent middleware → context providers' beforeRun → (answers to pending approvals) → the
 * function-invocation loop (lib/core/runner) → afterRun in reverse order. With a session and no
 * history provider configured, an in-memory history keeps the conversation in the session's state.
 */
import { randomUUID } from 'node:crypto'
import type { ChatClient, ChatOptions } from './clients/chat-client'
import { AgentConfigurationError } from './errors'
import type { AgentContext, Middleware } from './middleware'
import { categorizeMiddleware, concatMiddleware, runMiddlewareChain, type CategorizedMiddleware } from './middleware-pipeline'
import type { AgentDefinition, AgentRunOptions } from './agent-loop/agent-definition'
import { AgentRunStream } from './agent-loop/agent-run-stream'
import { drain, executeAgentRun } from './agent-loop/execute-agent-run'
import { consoleLogger, type Logger } from './logger'
import { AgentSession, type AgentSessionInit } from './sessions/agent-session'
import type { ContextProvider } from './sessions/context-provider'
import { isHistoryProvider } from './sessions/history-provider'
import { InMemoryHistoryProvider } from './sessions/in-memory-history-provider'
import type { FunctionInvocationConfiguration } from './tools/function-invocation-config'
import type { ToolLike } from './tools/tool-provider'
import { assertToolLike } from './tools/tool-set'
import { AgentResponse, normalizeMessages, type AgentResponseUpdate, type MessageInput } from './types'
import { UpdateAssembler } from './clients/response-updates'
import { isAsyncIterable } from './clients/chat-result'
import type { ResponseFormat } from './structured-output/response-format'
import { fillStructuredValue } from './structured-output/structured-value'

export type { AgentRunOptions } from './agent-loop/agent-definition'

export interface AgentOptions {
  client: ChatClient
  id?: string
  name?: string
  description?: string
  instructions?: string
  /** FunctionTools and tool providers (objects with a `functions` list, e.g. MCP servers). */
  tools?: ToolLike[]
  middleware?: Middleware[]
  contextProviders?: ContextProvider[]
  /** Chat options for every run (model, temperature, maxTokens, …). */
  defaultOptions?: ChatOptions
  /** Limits of the function-invocation loop (maxIterations 40, maxConsecutiveErrorsPerRequest 3, …). */
  functionInvocation?: FunctionInvocationConfiguration
  logger?: Logger
}

export class Agent {
  readonly id: string
  readonly name?: string
  readonly description?: string
  readonly instructions?: string
  readonly client: ChatClient
  readonly tools: readonly ToolLike[]
  readonly contextProviders: readonly ContextProvider[]
  readonly defaultOptions: ChatOptions
  readonly functionInvocation?: FunctionInvocationConfiguration
  private readonly middleware: CategorizedMiddleware
  private readonly definition: AgentDefinition
  private readonly providersWithDefaultHistory: readonly ContextProvider[]

  constructor(options: AgentOptions) {
    if (!options || typeof options.client?.getResponse !== 'function') {
      throw new AgentConfigurationError('An Agent needs a chat client (options.client).')
    }
    this.id = options.id ?? randomUUID()
    this.name = options.name
    this.description = options.description
    this.instructions = options.instructions
    this.client = options.client
    this.tools = [...(options.tools ?? [])]
    // Fail at construction on things that are not tools; providers' lists are read per run, not here.
    for (const item of this.tools) assertToolLike(item)
    this.contextProviders = [...(options.contextProviders ?? [])]
    this.defaultOptions = { ...options.defaultOptions }
    this.functionInvocation = options.functionInvocation
    this.middleware = categorizeMiddleware(options.middleware)
    const hasHistory = this.contextProviders.some(isHistoryProvider)
    this.providersWithDefaultHistory = hasHistory ? this.contextProviders : [new InMemoryHistoryProvider(), ...this.contextProviders]
    this.definition = this.buildDefinition(options.logger ?? consoleLogger)
  }

  /** Runs the agent to completion (or until tool calls await approval: see response.userInputRequests). */
  async run(input?: MessageInput, options: AgentRunOptions = {}): Promise<AgentResponse> {
    const middleware = concatMiddleware(this.middleware, categorizeMiddleware(options.middleware))
    const context = this.agentContext(input, options, false)
    await runMiddlewareChain(middleware.agent, context, async (ctx) => {
      ctx.result = await drain(executeAgentRun(this.definition, ctx, options, middleware))
    })
    return resultAsResponse(context.result, this.id, this.responseFormatFor(options))
  }

  /** Runs the agent, streaming updates (text deltas, function calls, tool results, approval requests). */
  runStream(input?: MessageInput, options: AgentRunOptions = {}): AgentRunStream {
    return new AgentRunStream(
      async () => {
        const middleware = concatMiddleware(this.middleware, categorizeMiddleware(options.middleware))
        const context = this.agentContext(input, options, true)
        await runMiddlewareChain(middleware.agent, context, async (ctx) => {
          ctx.result = executeAgentRun(this.definition, ctx, options, middleware)
        })
        if (!context.result) throw new AgentConfigurationError('Agent middleware finished without setting a result.')
        return context.result
      },
      this.id,
      this.responseFormatFor(options),
    )
  }

  createSession(init: AgentSessionInit = {}): AgentSession {
    return new AgentSession(init)
  }

  /** The run's format as the run's chat options will see it: run options over the agent's defaults. */
  private responseFormatFor(options: AgentRunOptions): ResponseFormat | undefined {
    return { ...this.defaultOptions, ...options.options }.responseFormat
  }

  private agentContext(input: MessageInput | undefined, options: AgentRunOptions, isStreaming: boolean): AgentContext {
    return {
      agent: this,
      messages: normalizeMessages(input),
      session: options.session ?? new AgentSession(),
      options: { ...options.options },
      isStreaming,
      metadata: {},
      kwargs: { ...options.functionInvocationKwargs },
      signal: options.signal,
    }
  }

  private buildDefinition(logger: Logger): AgentDefinition {
    return {
      agent: this,
      client: this.client,
      instructions: this.instructions,
      tools: this.tools,
      defaultOptions: this.defaultOptions,
      functionInvocation: this.functionInvocation,
      logger,
      contextProvidersFor: (sessionPassedIn, serviceSessionId) =>
        sessionPassedIn && !serviceSessionId ? this.providersWithDefaultHistory : this.contextProviders,
    }
  }
}

async function resultAsResponse(result: AgentContext['result'], agentId: string, responseFormat: ResponseFormat | undefined): Promise<AgentResponse> {
  if (result instanceof AgentResponse) return result
  if (isAsyncIterable<AgentResponseUpdate>(result)) {
    // Agent middleware replaced the run with its own updates: parse the value they add up to.
    const assembler = new UpdateAssembler()
    for await (const update of result) assembler.add(update)
    const response = new AgentResponse({ messages: assembler.messages, usage: assembler.usage, responseId: assembler.responseId, agentId })
    return fillStructuredValue(response, responseFormat)
  }
  throw new AgentConfigurationError('Agent middleware finished without setting a result.')
}
