import type { SupportsAgentRun } from '../agent-protocol'
import type { ChatClient, ChatOptions } from '../clients/chat-client'
import type { Middleware } from '../middleware'
import type { AgentSession } from '../sessions/agent-session'
import type { ContextProvider } from '../sessions/context-provider'
import type { FunctionInvocationConfiguration } from '../tools/function-invocation-config'
import type { ToolLike } from '../tools/tool-provider'
import type { Logger } from '../logger'

/** What the agent loop needs to know about an agent (the Agent class wires it; the loop never reaches into it). */
export interface AgentDefinition {
  readonly agent: SupportsAgentRun
  readonly client: ChatClient
  readonly instructions?: string
  readonly tools: readonly ToolLike[]
  readonly defaultOptions: ChatOptions
  readonly functionInvocation?: FunctionInvocationConfiguration
  readonly logger: Logger
  /** The providers for a run; includes the default in-memory history when a session was passed in. */
  contextProvidersFor(sessionPassedIn: boolean, serviceSessionId: string | undefined): readonly ContextProvider[]
}

/** Per-run options of Agent.run / Agent.runStream. */
export interface AgentRunOptions {
  session?: AgentSession
  /** Chat options for this run, over the agent's defaultOptions (tools here are added to the agent's). */
  options?: ChatOptions
  signal?: AbortSignal
  /** Middleware for this run only, after the agent's own. */
  middleware?: Middleware[]
  /** Extra tools (or tool providers) for this run only. */
  tools?: ToolLike[]
  /** Runtime values every tool call receives as `kwargs` (never visible to the model). */
  functionInvocationKwargs?: Record<string, unknown>
  /** Overrides of the agent's function-invocation limits for this run. */
  functionInvocation?: FunctionInvocationConfiguration
}
