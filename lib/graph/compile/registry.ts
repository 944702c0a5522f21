/**
 * What compile() needs from its caller. The run service implements it: it connects the MCP
 * servers first (collectMcpServerIds tells it which), loads referenced sub-workflows
 * (collectSubWorkflowRefs), and then compiles synchronously.
 */
import type { AgentSession, ChatClient, ContextProvider, FunctionTool, HistoryProvider, ToolProvider } from '@/lib/core'
import type { GraphDocument } from '../document'
import type { AgentSettings, ModelSettings } from '../node-data'

export interface CompileRegistry {
  /** The client for an agent's model settings (temperature and maxTokens are applied by compile). */
  chatClient(settings: ModelSettings): ChatClient
  /** A connected MCP server, as a tool provider whose `functions` the agent reads each turn. */
  mcpServer(id: string): ToolProvider
  /** A registered function tool by name; undefined makes compile fail with a clear message. */
  functionTool(name: string): FunctionTool | undefined
  /** The skills of an agent as one context provider. */
  skills?(ids: string[]): ContextProvider | undefined
  /** A saved workflow's document; `version` undefined means the latest. */
  subWorkflow?(id: string, version: number | undefined): GraphDocument | undefined
  /** A stored conversation for an agent node: the node then talks in it (see session-agent-executor.ts). */
  agentConversation?(nodeId: string): AgentConversation | undefined
}

/**
 * Where an agent node keeps its conversation: the agent runs in `session`, whose messages
 * `history` loads before each agent run and stores after it.
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
  /** Workflow ids being compiled above this one, to refuse sub-workflows that include themselves. */
  parents?: readonly string[]
}

/** Every agent setting in the document: agent nodes, orchestration participants, managers. */
export function collectAgentSettings(document: GraphDocument): AgentSettings[] {
  const settings: AgentSettings[] = []
  for (const node of document.nodes) {
    switch (node.kind) {
      case 'agent':
        settings.push(node.data)
        break
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
export function collectMcpServerIds(document: GraphDocument): string[] {
  return [...new Set(collectAgentSettings(document).flatMap((settings) => settings.mcpServerIds))]
}

export function collectFunctionToolNames(document: GraphDocument): string[] {
  return [...new Set(collectAgentSettings(document).flatMap((settings) => settings.functionTools))]
}

export function collectSkillIds(document: GraphDocument): string[] {
  return [...new Set(collectAgentSettings(document).flatMap((settings) => settings.skillIds))]
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
