/**
 * What compile() needs from its caller. The run service implements it: it connects the MCP
 * servers first (collectMcpServerIds tells it which), loads referenced sub-workflows
 * (collectSubWorkflowRefs), and then compiles synchronously.
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

/** A saved agent's settings by id and version (undefined: the latest), for collecting what saved-agent nodes use. */
export type AgentSettingsLookup = (agentId: string, version: number | undefined) => AgentSettings | undefined

/**
 * Every agent setting in the document: agent nodes, orchestration participants, managers, and —
 * given `savedAgent` — the definitions of the saved agents it refers to.
 */
export function collectAgentSettings(document: GraphDocument, savedAgent?: AgentSettingsLookup): AgentSettings[] {
  const settings: AgentSettings[] = []
  for (const node of document.nodes) {
    switch (node.kind) {
      case 'agent':
        settings.push(node.data)
        break
      case 'agent_ref': {
        const saved = node.data.agentId === '' ? undefined : savedAgent?.(node.data.agentId, node.data.version)
        if (saved) settings.push(saved)
        break
      }
      case 'group_chat':
        settings.push(...node.data.participants)
        if (node.data.orchestrator) settings.push(node.data.orchestrator)
        break
      case 'magentic':
        settings.push(...node.data.participants, node.data.manager)
        break
      case 'sequential':
      case 'concurrent':
      case 'handoff':
        settings.push(...node.data.participants)
        break
    }
  }
  return settings
}

/** The MCP server ids the document's agents use, each once, in first-use order. */
export function collectMcpServerIds(document: GraphDocument, savedAgent?: AgentSettingsLookup): string[] {
  return [...new Set(collectAgentSettings(document, savedAgent).flatMap((settings) => settings.mcpServerIds))]
}

export function collectFunctionToolNames(document: GraphDocument, savedAgent?: AgentSettingsLookup): string[] {
  return [...new Set(collectAgentSettings(document, savedAgent).flatMap((settings) => settings.functionTools))]
}

export function collectSkillIds(document: GraphDocument, savedAgent?: AgentSettingsLookup): string[] {
  return [...new Set(collectAgentSettings(document, savedAgent).flatMap((settings) => settings.skillIds))]
}

/** The sub-workflows the document refers to directly (not those of its sub-workflows). */
export function collectSubWorkflowRefs(document: GraphDocument): Array<{ workflowId: string; version: number | undefined }> {
  const refs = new Map<string, { workflowId: string; version: number | undefined }>()
  for (const node of document.nodes) {
    if (node.kind !== 'sub_workflow' || node.data.workflowId === '') continue
    refs.set(`${node.data.workflowId}@${node.data.version ?? 'latest'}`, { workflowId: node.data.workflowId, version: node.data.version })
  }
  return [...refs.values()]
}

/** The saved agents the document refers to (by id and version; undefined: the latest), each once. */
export function collectAgentRefs(document: GraphDocument): Array<{ agentId: string; version: number | undefined }> {
  const refs = new Map<string, { agentId: string; version: number | undefined }>()
  for (const node of document.nodes) {
    if (node.kind !== 'agent_ref' || node.data.agentId === '') continue
    refs.set(`${node.data.agentId}@${node.data.version ?? 'latest'}`, { agentId: node.data.agentId, version: node.data.version })
  }
  return [...refs.values()]
}
