/** Participants hand the conversation to each other with handoff tools (`handoff_to_<participant id>`). */
import { z } from 'zod'
import { nodeLabel, participantsSchema } from '../agent-settings'
import { error } from '../problems'
import { literal } from '../typescript-literal'
import { references, singleOutput, type NodeKindDefinition } from './definition'
import { participantAgents, participantProblems } from './orchestration'

export const HandoffRuleSchema = z.object({
  from: z.string().min(1),
  to: z.array(z.string().min(1)).min(1),
})

export const HandoffDataSchema = z.object({
  label: nodeLabel,
  participants: participantsSchema,
  /** The participant that receives the input first; the first participant when absent. */
  startParticipantId: z.string().optional(),
  /** Empty means every participant may hand off to every other one (mesh). */
  handoffs: z.array(HandoffRuleSchema).default([]),
  autonomous: z.boolean().default(false),
  autonomousTurnLimit: z.number().int().positive().max(500).default(50),
  /** Ends the conversation at the first reply that does not hand off (triage → specialist answers → done). */
  endWhenNoHandoff: z.boolean().default(false),
  /** Ends the conversation at the first reply without a handoff after the person has answered this many times; absent = never. */
  endAfterUserTurns: z.number().int().positive().max(500).optional(),
})

export const handoffKind = {
  kind: 'handoff',
  dataSchema: HandoffDataSchema,
  hasInput: true,
  sourceHandles: singleOutput,
  validate: ({ id, data }) => {
    const ids = new Set(data.participants.map((participant) => participant.id))
    const referenced = [...(data.startParticipantId ? [data.startParticipantId] : []), ...data.handoffs.flatMap((rule) => [rule.from, ...rule.to])]
    const unknown = [...new Set(referenced.filter((participantId) => !ids.has(participantId)))]
    return [
      ...participantProblems(id, data.participants),
      ...unknown.map((participantId) => error('unknown_participant', `Handoff refers to unknown participant "${participantId}".`, { nodeId: id })),
    ]
  },
  references: ({ data }) => references({ agents: participantAgents(data.participants) }),
  exportTypeScript: (id, { participants, startParticipantId, handoffs, autonomous, autonomousTurnLimit, endWhenNoHandoff, endAfterUserTurns }) => ({
    expression: `handoffNode(${id}, ${literal({ participants, startParticipantId, handoffs, autonomous, autonomousTurnLimit, endWhenNoHandoff, endAfterUserTurns })})`,
  }),
} satisfies NodeKindDefinition<'handoff', typeof HandoffDataSchema>
