/** Participants answer one after another, each seeing the conversation so far. */
import { z } from 'zod'
import { nodeLabel, participantsSchema } from '../agent-settings'
import { literal } from '../typescript-literal'
import { references, singleOutput, type NodeKindDefinition } from './definition'
import { participantAgents, participantProblems } from './orchestration'

export const SequentialDataSchema = z.object({
  label: nodeLabel,
  participants: participantsSchema,
  /** Pass only the agents' replies down the chain, not the whole conversation. */
  chainOnlyAgentResponses: z.boolean().default(false),
})

export const sequentialKind = {
  kind: 'sequential',
  dataSchema: SequentialDataSchema,
  hasInput: true,
  sourceHandles: singleOutput,
  validate: (node) => participantProblems(node.id, node.data.participants),
  references: ({ data }) => references({ agents: participantAgents(data.participants) }),
  exportTypeScript: (id, { participants, chainOnlyAgentResponses }) => ({
    expression: `sequentialNode(${id}, ${literal({ participants, chainOnlyAgentResponses })})`,
  }),
} satisfies NodeKindDefinition<'sequential', typeof SequentialDataSchema>
