/**
 * Where a run begins. Without declared input fields it passes the run input on as text; with them,
 * the run input is a JSON object matching the fields (start-input.ts), and that object is passed on.
 */
import { z } from 'zod'
import { nodeLabel } from '../agent-settings'
import { error } from '../problems'
import { InputFieldSchema, inputFieldsProblems } from '../start-input'
import { literal } from '../typescript-literal'
import { references, singleOutput, type NodeKindDefinition } from './definition'

export const StartDataSchema = z.object({
  label: nodeLabel,
  /** Shown to the person starting a run: what the input should be. */
  inputDescription: z.string().max(2_000).default(''),
  /**
   * The declared input; absent or empty means the run input is free text. Optional rather than
   * defaulted, so documents written before it (and ones built in code) stay exactly as they were.
   */
  inputFields: z.array(InputFieldSchema).max(100).optional(),
})

export const startKind = {
  kind: 'start',
  dataSchema: StartDataSchema,
  hasInput: false,
  sourceHandles: singleOutput,
  validate: (node) => inputFieldsProblems(node.data.inputFields ?? []).map((message) => error('invalid_input_fields', message, { nodeId: node.id })),
  references: () => references(),
  exportTypeScript: (id, data) => ({ expression: data.inputFields?.length ? `startNode(${id}, ${literal(data.inputFields)})` : `startNode(${id})` }),
} satisfies NodeKindDefinition<'start', typeof StartDataSchema>
