/**
 * What a document refers to outside itself: the agents' settings (and through them MCP servers,
 * function tools and skills) and the sub-workflows it runs. Browser-safe, so that the editor's
 * validation and the run's setup read references the same way.
 */
import type { GraphDocument } from './document'
import type { AgentSettings } from './agent-settings'
import { nodeKindDefinition } from './node-kinds'
import type { SavedReference } from './node-kinds/definition'

/** A saved agent's settings by id and version (undefined: the latest), for collecting what saved-agent nodes use. */
export type AgentSettingsLookup = (agentId: string, version: number | undefined) => AgentSettings | undefined

/**
 * Every agent setting in the document: agent nodes, orchestration participants, managers, and —
 * given `savedAgent` — the definitions of the saved agents it refers to.
 */
export function collectAgentSettings(document: GraphDocument, savedAgent?: AgentSettingsLookup): AgentSettings[] {
  const settings: AgentSettings[] = []
  for (const node of document.nodes) {
    const references = nodeKindDefinition(node.kind).references(node)
    settings.push(...references.agents.map((agent) => agent.settings))
    for (const ref of references.savedAgents) {
      const saved = savedAgent?.(ref.id, ref.version)
      if (saved) settings.push(saved)
    }
  }
  return settings
}

/** The MCP server ids the document's agents use, each once, in first-use order. */
export function collectMcpServerIds(document: GraphDocument, savedAgent?: AgentSettingsLookup): string[] {
  return [...new Set(collectAgentSettings(document, savedAgent).flatMap((settings) => settings.mcpServerIds))]
}

/** The workspace credentials (issue #32) the document's agents choose, each once. */
export function collectCredentialIds(document: GraphDocument, savedAgent?: AgentSettingsLookup): string[] {
  return [...new Set(collectAgentSettings(document, savedAgent).flatMap((settings) => (settings.model.credentialId ? [settings.model.credentialId] : [])))]
}

export function collectFunctionToolNames(document: GraphDocument, savedAgent?: AgentSettingsLookup): string[] {
  return [...new Set(collectAgentSettings(document, savedAgent).flatMap((settings) => settings.functionTools))]
}

export function collectSkillIds(document: GraphDocument, savedAgent?: AgentSettingsLookup): string[] {
  return [...new Set(collectAgentSettings(document, savedAgent).flatMap((settings) => settings.skillIds))]
}

/** The sub-workflows the document refers to directly (not those of its sub-workflows). */
export function collectSubWorkflowRefs(document: GraphDocument): Array<{ workflowId: string; version: number | undefined }> {
  return savedReferences(document, 'subWorkflows').map(({ id, version }) => ({ workflowId: id, version }))
}

/** The saved agents the document refers to (by id and version; undefined: the latest), each once. */
export function collectAgentRefs(document: GraphDocument): Array<{ agentId: string; version: number | undefined }> {
  return savedReferences(document, 'savedAgents').map(({ id, version }) => ({ agentId: id, version }))
}

function savedReferences(document: GraphDocument, what: 'subWorkflows' | 'savedAgents'): SavedReference[] {
  const refs = new Map<string, SavedReference>()
  for (const node of document.nodes) {
    for (const ref of nodeKindDefinition(node.kind).references(node)[what]) refs.set(`${ref.id}@${ref.version ?? 'latest'}`, ref)
  }
  return [...refs.values()]
}
