/**
 * What compile() needs from its caller. The run service implements it: it connects the MCP
 * servers first (collectMcpServerIds in document-references.ts tells it which), loads referenced
 * sub-workflows (collectSubWorkflowRefs), and then compiles synchronously.
 */
import type { AgentSession, ChatClient, ContextProvider, FunctionTool, HistoryProvider, ToolProvider } from '@/lib/core'
import type { GraphDocument } from '../document'
import type { AgentSettings, FileAccessSettings, ModelSettings } from '../node-data'

/** A saved agent as compile needs it: its definition and, if it has one, its own API key. */
export interface ResolvedAgent {
  name: string
  settings: AgentSettings
  apiKey?: string
}

export interface CompileRegistry {
  /**
   * The client for an agent's model settings (temperature, maxTokens and reasoning effort are
   * applied by compile). `secrets.apiKey`: a saved agent's own key, which it prefers to the server's.
   */
  chatClient(settings: ModelSettings, secrets?: { apiKey?: string }): ChatClient
  /** A connected MCP server, as a tool provider whose `functions` the agent reads each turn. */
  mcpServer(id: string): ToolProvider
  /** A registered function tool by name; undefined makes compile fail with a clear message. */
  functionTool(name: string): FunctionTool | undefined
  /** The skills of an agent as one context provider. */
  skills?(ids: string[]): ContextProvider | undefined
  /** An agent's folder (checked against the roots the server allows), as a FileAccessProvider. */
  fileAccess?(settings: FileAccessSettings, where: string): ContextProvider
  /** A saved agent; `version` undefined means the latest. */
  agent?(id: string, version: number | undefined): ResolvedAgent | undefined
  /** A saved workflow's document; `version` undefined means the latest. */
  subWorkflow?(id: string, version: number | undefined): GraphDocument | undefined
  /** A stored conversation for an agent node: the node then talks in it (see conversation-agent-executor.ts). */
  agentConversation?(nodeId: string): AgentConversation | undefined
  /** The own API key of the saved agent an inline agent node stands for (a conversation turn's agent). */
  agentApiKey?(nodeId: string): string | undefined
}

/**
 * Where an agent node keeps its conversation: the agent runs in `session` (lib/core's in-memory AgentSession, whose
 * sessionId is the conversation's id), whose messages `history` loads before each agent run and stores after it.
 */
export interface AgentConversation {
  session: AgentSession
  history: HistoryProvider
  /** How many messages the conversation held before this run (what a run cut off and replayed must not keep). */
  startLength: number
  /** The number of stored messages. */
  length(): Promise<number>
  /** Forgets the stored messages from position `length` on (what an attempt cut off before its checkpoint stored). */
  truncate(length: number): Promise<void>
}

/** How to compile: given by the caller, and by compile() itself to the sub-workflows it compiles. */
export interface CompileOptions {
  /** The workflow's name in events and checkpoints. */
  name?: string
  /** Supersteps before a run is stopped as divergent (lib/core's default is 100). */
  maxIterations?: number
  /**
   * A debug run's pinned outputs, by node id of this document (not its sub-workflows'): such a node does not run, it
   * sends (an output node: yields) its pinned value (pinnedExecutor). Never set for any other run.
   */
  pinned?: ReadonlyMap<string, unknown>
  /** Workflow ids being compiled above this one, to refuse sub-workflows that include themselves. */
  parents?: readonly string[]
}
