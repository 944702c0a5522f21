/** Asks a person a question; their answer flows on. */
import { z } from 'zod'
import { nodeLabel } from '../agent-settings'
import { warning } from '../problems'
import { literal } from '../typescript-literal'
import { references, singleOutput, type NodeKindDefinition } from './definition'

export const HumanInputDataSchema = z.object({
  label: nodeLabel,
  prompt: z.string().max(4_000).default(''),
})

export const humanInputKind = {
  kind: 'human_input',
  dataSchema: HumanInputDataSchema,
  hasInput: true,
  sourceHandles: singleOutput,
  validate: (node) =>
    node.data.prompt.trim() === ''
      ? [warning('missing_prompt', 'Human input has no prompt: the person will not know what to answer.', { nodeId: node.id })]
      : [],
  references: () => references(),
  exportTypeScript: (id, data) => ({ expression: `humanInputNode(${id}, ${literal(data.prompt)})` }),
} satisfies NodeKindDefinition<'human_input', typeof HumanInputDataSchema>
