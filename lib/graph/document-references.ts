/**
 * What a document refers to outside itself: the agents' settings (and through them MCP servers,
 * function tools and skills) and the sub-workflows it runs. Browser-safe, so that the editor's
 * validation and the run's setup read references the same way.
 */
import type { GraphDocument } from './document'
import type { AgentSettings } from './node-data'

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
