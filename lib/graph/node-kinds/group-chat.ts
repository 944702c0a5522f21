/** Participants take turns in one conversation, in order or chosen by an orchestrator agent, for a number of rounds. */
import { z } from 'zod'
import { AgentSettingsSchema, nodeLabel, participantsSchema } from '../agent-settings'
import { error } from '../problems'
import { literal } from '../typescript-literal'
import { references, singleOutput, type NodeKindDefinition } from './definition'
import { participantAgents, participantProblems } from './orchestration'

export const GroupChatDataSchema = z.object({
  label: nodeLabel,
  participants: participantsSchema,
  /** 'round_robin' takes turns in participant order; 'orchestrator' lets an agent pick the next speaker. */
  selection: z.enum(['round_robin', 'orchestrator']).default('round_robin'),
  orchestrator: AgentSettingsSchema.optional(),
  maxRounds: z.number().int().positive().max(100).default(6),
})

export const groupChatKind = {
  kind: 'group_chat',
  dataSchema: GroupChatDataSchema,
  hasInput: true,
  sourceHandles: singleOutput,
  validate: (node) => {
    const problems = participantProblems(node.id, node.data.participants)
    if (node.data.selection === 'orchestrator' && !node.data.orchestrator) {
      problems.push(error('missing_orchestrator', 'Group chat selects speakers by orchestrator, but none is configured.', { nodeId: node.id }))
    }
    return problems
  },
  references: ({ data }) =>
    references({
      agents: [...participantAgents(data.participants), ...(data.orchestrator ? [{ settings: data.orchestrator, who: 'The group chat orchestrator' }] : [])],
    }),
  exportTypeScript: (id, { participants, selection, orchestrator, maxRounds }) => ({
    expression: `groupChatNode(${id}, ${literal({ participants, selection, orchestrator, maxRounds })})`,
  }),
} satisfies NodeKindDefinition<'group_chat', typeof GroupChatDataSchema>
