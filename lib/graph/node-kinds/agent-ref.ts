/** An agent saved on the Agents page, by id: pinned to a version, or the latest when a run starts. */
import { z } from 'zod'
import { nodeLabel } from '../agent-settings'
import { error } from '../problems'
import { references, singleOutput, type NodeKindDefinition } from './definition'

export const AgentRefDataSchema = z.object({
  label: nodeLabel,
  /** Empty until the person picks an agent; validate() reports that as an error. */
  agentId: z.string().max(200).default(''),
  /** Absent means the latest version when the run starts. */
  version: z.number().int().positive().optional(),
})

export const agentRefKind = {
  kind: 'agent_ref',
  dataSchema: AgentRefDataSchema,
  hasInput: true,
  sourceHandles: singleOutput,
  validate: (node) => (node.data.agentId.trim() === '' ? [error('missing_agent', 'Saved agent node has no agent selected.', { nodeId: node.id })] : []),
  references: ({ data }) => references({ savedAgents: data.agentId === '' ? [] : [{ id: data.agentId, version: data.version }] }),
  exportTypeScript: () => ({ appOnly: 'refers to an agent saved in the app; use an agent node with its settings instead.' }),
} satisfies NodeKindDefinition<'agent_ref', typeof AgentRefDataSchema>
