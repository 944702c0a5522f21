/** Yields what it receives as a workflow output; nothing leaves it. */
import { z } from 'zod'
import { nodeLabel } from '../agent-settings'
import { noProblems, references, type NodeKindDefinition } from './definition'

export const OutputDataSchema = z.object({ label: nodeLabel })

export const outputKind = {
  kind: 'output',
  dataSchema: OutputDataSchema,
  hasInput: true,
  sourceHandles: () => [],
  validate: noProblems,
  references: () => references(),
  exportTypeScript: (id) => ({ expression: `outputNode(${id})` }),
} satisfies NodeKindDefinition<'output', typeof OutputDataSchema>
