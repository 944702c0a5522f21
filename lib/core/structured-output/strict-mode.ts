/**
 * Whether a JSON Schema can be sent with `strict: true`. OpenAI's strict mode guarantees the reply matches,
 * but refuses (HTTP 400) a schema outside its subset. So strict is chosen only when the schema is inside it:
 * the root is an object; every object lists all its properties in `required` and sets
 * `additionalProperties: false`; and only keywords of the supported subset appear. Anything else is sent
 * non-strict and validated on our side alone. (The size limits, 5000 properties and 10 levels of nesting,
 * are not checked: schemas that large are rare and the service names the problem.)
 */
import type { JSONSchema } from '../types'

const SUPPORTED_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'definitions',
  'title',
  'description',
  'default',
  'pattern',
  'format',
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
])

export function qualifiesForStrictMode(schema: JSONSchema): boolean {
  return schema.type === 'object' && subschemaQualifies(schema)
}

function subschemaQualifies(schema: unknown): boolean {
  if (!isRecord(schema)) return false
  for (const key of Object.keys(schema)) if (!SUPPORTED_KEYWORDS.has(key)) return false
  if (isObjectSchema(schema) && !objectIsClosed(schema)) return false
  return childSchemas(schema).every(subschemaQualifies)
}

function isObjectSchema(schema: Record<string, unknown>): boolean {
  return schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')) || schema.properties !== undefined
}

function objectIsClosed(schema: Record<string, unknown>): boolean {
  if (schema.additionalProperties !== false) return false
  const keys = isRecord(schema.properties) ? Object.keys(schema.properties) : []
  const required = Array.isArray(schema.required) ? schema.required : []
  return keys.every((key) => required.includes(key))
}

function childSchemas(schema: Record<string, unknown>): unknown[] {
  const children: unknown[] = []
  for (const key of ['properties', '$defs', 'definitions'] as const) {
    const group = schema[key]
    if (group !== undefined) children.push(...(isRecord(group) ? Object.values(group) : [group]))
  }
  if (schema.items !== undefined) children.push(schema.items)
  if (schema.anyOf !== undefined) children.push(...(Array.isArray(schema.anyOf) ? schema.anyOf : [schema.anyOf]))
  return children
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
