/** An agent written into the document: a model with instructions and tools that answers the message it receives. */
import { z } from 'zod'
import { agentSettingsShape, nodeLabel, type AgentSettings } from '../agent-settings'
import { literal } from '../typescript-literal'
import { agentSettingsProblems } from './checks'
import { references, singleOutput, type NodeKindDefinition } from './definition'

export const AgentDataSchema = z.object({ label: nodeLabel, ...agentSettingsShape })

/** The settings the exported runtime applies (structured output, file access and per-tool approvals stay in the app). */
type ExportedAgentSettings = Pick<AgentSettings, 'name' | 'instructions' | 'model' | 'mcpServerIds' | 'functionTools' | 'skillIds' | 'toolApprovalMode'>

function exportedAgentSettings(settings: AgentSettings): ExportedAgentSettings {
  const { name, instructions, model, mcpServerIds, functionTools, skillIds, toolApprovalMode } = settings
  return { name, instructions, model, mcpServerIds, functionTools, skillIds, toolApprovalMode }
}

export const agentKind = {
  kind: 'agent',
  dataSchema: AgentDataSchema,
  hasInput: true,
  sourceHandles: singleOutput,
  validate: (node) => agentSettingsProblems(node.data, `Agent "${node.data.name || node.id}"`, { nodeId: node.id }),
  references: (node) => references({ agents: [{ settings: node.data, who: `Agent "${node.data.label || node.data.name || node.id}"` }] }),
  exportTypeScript: (id, data) => ({ expression: `new GraphAgentExecutor(${id}, ${literal(exportedAgentSettings(data))})` }),
} satisfies NodeKindDefinition<'agent', typeof AgentDataSchema>
