/**
 * ContextProvider: adds context to a run (memory, retrieval, tools, instructions) and learns from its
 * result. `beforeRun` hooks run in provider order before the first model call; `afterRun` hooks run in
 * reverse order after a successful run. `state` is the provider's own slice of the session state.
 */
import type { SupportsAgentRun } from '../agent-protocol'
import type { AgentSession } from './agent-session'
import type { SessionContext } from './session-context'

export interface ContextProviderRunArgs {
  agent: SupportsAgentRun
  session: AgentSession
  context: SessionContext
  state: Record<string, unknown>
  signal?: AbortSignal
}

export abstract class ContextProvider {
  readonly sourceId: string

  constructor(sourceId: string) {
    this.sourceId = sourceId
  }

  beforeRun(_args: ContextProviderRunArgs): Promise<void> | void {}

  afterRun(_args: ContextProviderRunArgs): Promise<void> | void {}
}
