/** Where a run begins: passes the run input on as text. */
import { z } from 'zod'
import { nodeLabel } from '../agent-settings'
import { noProblems, references, singleOutput, type NodeKindDefinition } from './definition'

export const StartDataSchema = z.object({
  label: nodeLabel,
  /** Shown to the person starting a run: what the input should be. */
  inputDescription: z.string().max(2_000).default(''),
})

export const startKind = {
  kind: 'start',
  dataSchema: StartDataSchema,
  hasInput: false,
  sourceHandles: singleOutput,
  validate: noProblems,
  references: () => references(),
  exportTypeScript: (id) => ({ expression: `startNode(${id})` }),
} satisfies NodeKindDefinition<'start', typeof StartDataSchema>
