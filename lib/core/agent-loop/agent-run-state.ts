/**
 * The mutable state of one agent run, shared by the agent loop's steps. The conversation only ever grows
 * by appending, so no step needs to copy or re-scan it.
 */
import type { Context } from '@opentelemetry/api'
import type { SupportsAgentRun } from '../agent-protocol'
import type { ChatClient, ChatOptions } from '../clients/chat-client'
import type { ChatContext } from '../middleware'
import type { MiddlewareHandler } from '../middleware-pipeline'
import type { AgentSession } from '../sessions/agent-session'
import type { ContextProvider } from '../sessions/context-provider'
import type { SessionContext } from '../sessions/session-context'
import type { NormalizedFunctionInvocationConfiguration } from '../tools/function-invocation-config'
import type { FunctionCallExecution } from '../tools/invoke-function-calls'
import type { RunToolSet } from '../tools/tool-set'
import type { FinishReason, Message, ToolChoice, UsageDetails } from '../types'
import type { Logger } from '../logger'

export interface AgentRunState {
  readonly agent: SupportsAgentRun
  readonly client: ChatClient
  readonly session: AgentSession
  readonly sessionContext: SessionContext
  readonly providers: readonly ContextProvider[]
  /** What the model sees: context messages, input, then everything this run produced. */
  readonly conversation: Message[]
  /** The messages this run produced (the response). */
  readonly produced: Message[]
  readonly toolSet: RunToolSet
  /** Per-run chat options without tools (tools are read from toolSet every turn). */
  readonly chatOptions: ChatOptions
  readonly chatMiddleware: readonly MiddlewareHandler<ChatContext>[]
  readonly execution: FunctionCallExecution
  readonly config: NormalizedFunctionInvocationConfiguration
  readonly isStreaming: boolean
  readonly signal?: AbortSignal
  readonly logger: Logger
  toolChoice: ToolChoice | undefined
  /** Set once tools are withdrawn (limits reached): later function calls are not executed. */
  toolsWithdrawn: boolean
  consecutiveErrorBatches: number
  functionCallCount: number
  usage: UsageDetails | undefined
  responseId: string | undefined
  /** The model that answered last, as the provider named it (what a run's cost is priced by). */
  modelId: string | undefined
  /**
   * When the service keeps the conversation (a reply named its conversation): how many messages of
   * `conversation` it has already seen; only the rest is sent with the next call.
   */
  sentToService: number
  finishReason: FinishReason | undefined
  /** The run's `invoke_agent` span context when telemetry is on: model and tool calls run inside it. */
  traceContext?: Context
}

/** Adds messages to both the model's view and the response. */
export function appendMessages(state: AgentRunState, messages: readonly Message[]): void {
  for (const message of messages) {
    if (message.role === 'assistant' && message.authorName === undefined && state.agent.name) message.authorName = state.agent.name
    state.conversation.push(message)
    state.produced.push(message)
  }
}
