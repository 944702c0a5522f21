/** What FieldListEditor is told for each list it edits: a structured reply's fields and a start node's input fields. */
import { STRUCTURED_FIELD_TYPES, StructuredFieldSchema, type StructuredField } from '@/lib/graph/node-data'
import { INPUT_FIELD_TYPES, InputFieldSchema, type InputField } from '@/lib/graph/start-input'

interface FieldListKind<F extends { type: string }> {
  types: ReadonlyArray<{ value: F['type']; label: string }>
  help: string
  descriptionPlaceholder: string
  newField: (position: number) => F
}

const STRUCTURED_TYPE_LABELS: Record<StructuredField['type'], string> = {
  string: 'Text',
  number: 'Number',
  integer: 'Whole number',
  boolean: 'Yes / no',
  string_list: 'List of texts',
}

export const STRUCTURED_REPLY_FIELDS: FieldListKind<StructuredField> = {
  types: STRUCTURED_FIELD_TYPES.map((type) => ({ value: type, label: STRUCTURED_TYPE_LABELS[type] })),
  help: 'The reply is a JSON object with these fields; a reply that does not match fails the run.',
  descriptionPlaceholder: 'Description for the model (optional)',
  newField: (position) => StructuredFieldSchema.parse({ name: `field_${position}` }),
}

const INPUT_TYPE_LABELS: Record<InputField['type'], string> = {
  string: 'Text',
  number: 'Number',
  integer: 'Whole number',
  boolean: 'Yes / no',
  enum: 'Choice',
}

export const START_INPUT_FIELDS: FieldListKind<InputField> = {
  types: INPUT_FIELD_TYPES.map((type) => ({ value: type, label: INPUT_TYPE_LABELS[type] })),
  help: 'With fields, a run takes a JSON object with them (the Run dialog shows a form); without, it takes text.',
  descriptionPlaceholder: 'What to enter (optional; shown in the run form and to MCP clients)',
  newField: (position) => InputFieldSchema.parse({ name: `field_${position}` }),
}
