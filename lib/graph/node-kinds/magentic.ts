/** A manager plans, delegates to participants and tracks progress (lib/core's Magentic orchestration). */
import { z } from 'zod'
import { AgentSettingsSchema, nodeLabel, participantsSchema } from '../agent-settings'
import { literal } from '../typescript-literal'
import { references, singleOutput, type NodeKindDefinition } from './definition'
import { participantAgents, participantProblems } from './orchestration'

export const MagenticDataSchema = z.object({
  label: nodeLabel,
  participants: participantsSchema,
  manager: AgentSettingsSchema.default(() => AgentSettingsSchema.parse({ name: 'Manager' })),
  maxStallCount: z.number().int().nonnegative().default(3),
  maxResetCount: z.number().int().nonnegative().optional(),
  maxRoundCount: z.number().int().positive().optional(),
  enablePlanReview: z.boolean().default(false),
})

export const magenticKind = {
  kind: 'magentic',
  dataSchema: MagenticDataSchema,
  hasInput: true,
  sourceHandles: singleOutput,
  validate: (node) => participantProblems(node.id, node.data.participants),
  references: ({ data }) => references({ agents: [...participantAgents(data.participants), { settings: data.manager, who: 'The Magentic manager' }] }),
  exportTypeScript: (id, { participants, manager, maxStallCount, maxResetCount, maxRoundCount, enablePlanReview }) => ({
    expression: `magenticNode(${id}, ${literal({ participants, manager, maxStallCount, maxResetCount, maxRoundCount, enablePlanReview })})`,
  }),
} satisfies NodeKindDefinition<'magentic', typeof MagenticDataSchema>
