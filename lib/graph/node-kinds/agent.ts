/** An agent written into the document: a model with instructions and tools that answers the message it receives. */
import { z } from 'zod'
import { agentSettingsShape, nodeLabel, type AgentSettings } from '../agent-settings'
import { literal } from '../typescript-literal'
import { agentSettingsProblems } from './checks'
import { references, singleOutput, type NodeKindDefinition } from './definition'

export const AgentDataSchema = z.object({ label: nodeLabel, ...agentSettingsShape })

/**
 * The settings an exported file gives the app's agent compiler: all that shapes a workflow's agent. Left out: what
 * is only for conversations (history window, keeping it on the service), file access (export-typescript.ts refuses
 * an agent that has it: its folders are the server's), and what is at its default, so the file stays readable.
 */
function exportedAgentSettings(settings: AgentSettings): Partial<AgentSettings> {
  const { name, instructions, model, mcpServerIds, mcpTools, functionTools, skillIds, toolApprovalMode, toolApprovals, structuredOutput } = settings
  return {
    name,
    instructions,
    model,
    mcpServerIds,
    ...(Object.keys(mcpTools).length > 0 ? { mcpTools } : {}),
    functionTools,
    skillIds,
    toolApprovalMode,
    ...(Object.keys(toolApprovals).length > 0 ? { toolApprovals } : {}),
    ...(structuredOutput.mode !== 'none' ? { structuredOutput } : {}),
  }
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
