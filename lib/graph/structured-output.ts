/**
 * An agent's structured reply as the settings describe it: a JSON Schema written by hand (checked
 * here so the editor and validate() can say what is wrong) or one built from the form editor's fields.
 */
import type { StructuredField } from './agent-settings'

type JsonSchemaObject = Record<string, unknown>

/** A hand-written schema's problem, or undefined when it is a JSON object (validate() reports the problem). */
export function jsonSchemaProblem(text: string): string | undefined {
  if (text.trim() === '') return 'Write a JSON Schema, or choose another reply format.'
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return `The JSON Schema is not valid JSON: ${(error as Error).message}`
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'The JSON Schema must be a JSON object.'
  return undefined
}

/** The JSON Schema the form editor's fields describe: an object with one property per field. */
export function fieldsToJsonSchema(fields: readonly StructuredField[]): JsonSchemaObject {
  const properties: Record<string, JsonSchemaObject> = {}
  for (const field of fields) {
    const type: JsonSchemaObject = field.type === 'string_list' ? { type: 'array', items: { type: 'string' } } : { type: field.type }
    properties[field.name] = field.description ? { ...type, description: field.description } : type
  }
  return { type: 'object', properties, required: fields.filter((field) => field.required).map((field) => field.name), additionalProperties: false }
}
