/**
 * What compile() needs from its caller. The run service implements it: it connects the MCP
 * servers first (collectMcpServerIds in document-references.ts tells it which), loads referenced
 * sub-workflows (collectSubWorkflowRefs), and then compiles synchronously.
 */
import type { ChatClient, ContextProvider, FunctionTool, ToolProvider } from '@/lib/core'
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
}

/** How to compile: given by the caller, and by compile() itself to the sub-workflows it compiles. */
export interface CompileOptions {
  /** The workflow's name in events and checkpoints. */
  name?: string
  /** Supersteps before a run is stopped as divergent (lib/core's default is 100). */
  maxIterations?: number
  /** Workflow ids being compiled above this one, to refuse sub-workflows that include themselves. */
  parents?: readonly string[]
}
