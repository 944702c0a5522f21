/** Computes a new message from `input` with a CEL expression. */
import { z } from 'zod'
import { nodeLabel } from '../agent-settings'
import { literal } from '../typescript-literal'
import { expressionProblems } from './checks'
import { references, singleOutput, type NodeKindDefinition } from './definition'

export const TransformDataSchema = z.object({
  label: nodeLabel,
  /** CEL over `input`; its value becomes the next message. */
  expression: z.string().max(4_000).default('input'),
})

export const transformKind = {
  kind: 'transform',
  dataSchema: TransformDataSchema,
  hasInput: true,
  sourceHandles: singleOutput,
  validate: (node) => expressionProblems(node.data.expression, 'Transform', { nodeId: node.id }),
  references: () => references(),
  exportTypeScript: (id, data) => ({ expression: `transformNode(${id}, ${literal(data.expression)})` }),
} satisfies NodeKindDefinition<'transform', typeof TransformDataSchema>
