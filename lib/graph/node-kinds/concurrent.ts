/** All participants answer the same message in parallel; their replies are combined into one message. */
import { z } from 'zod'
import { nodeLabel, participantsSchema } from '../agent-settings'
import { literal } from '../typescript-literal'
import { references, singleOutput, type NodeKindDefinition } from './definition'
import { participantAgents, participantProblems } from './orchestration'

export const ConcurrentDataSchema = z.object({
  label: nodeLabel,
  participants: participantsSchema,
  /** How the participants' replies are combined into the node's message. */
  aggregation: z.enum(['text', 'list']).default('text'),
})

export const concurrentKind = {
  kind: 'concurrent',
  dataSchema: ConcurrentDataSchema,
  hasInput: true,
  sourceHandles: singleOutput,
  validate: (node) => participantProblems(node.id, node.data.participants),
  references: ({ data }) => references({ agents: participantAgents(data.participants) }),
  exportTypeScript: (id, { participants, aggregation }) => ({ expression: `concurrentNode(${id}, ${literal({ participants, aggregation })})` }),
} satisfies NodeKindDefinition<'concurrent', typeof ConcurrentDataSchema>
