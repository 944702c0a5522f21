/**
 * SupportsAgentRun: what the rest of the framework knows of an agent — its names and how to run it.
 * Middleware contexts, context providers, the runner and workflows hold agents through this
 * protocol; only agents.ts knows the Agent class, so nothing below it imports it back.
 */
import type { UpdateLike } from './clients/response-updates'
import type { AgentResponse, Message } from './types'

/** The part of an agent the framework needs (structural, so any agent implementation fits). */
export interface SupportsAgentRun {
  readonly name?: string
  readonly id?: string
  readonly description?: string
  run(messages: Message[], options?: AgentRunOptionsLike): Promise<AgentResponse>
  runStream(messages: Message[], options?: AgentRunOptionsLike): AsyncIterable<UpdateLike>
}

export interface AgentRunOptionsLike {
  // `any`: each agent implementation has its own session and tool types, and they must all fit.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  session?: any
  signal?: AbortSignal
  /** Extra tools for this run only (handoff tools, for one). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tools?: any[]
}
