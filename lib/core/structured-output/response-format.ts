/**
 * What callers may pass as `ChatOptions.responseFormat`, and its one normalised form that the clients send
 * and the framework validates replies against.
 */
import { z } from 'zod'
import { ChatClientInvalidRequestError } from '../errors'
import type { JSONSchema } from '../types'
import { qualifiesForStrictMode } from './strict-mode'

/** A named structured-output format; `schema` is a zod schema or a JSON Schema object. */
export interface JsonSchemaResponseFormat {
  type: 'json_schema'
  /** Sent to the model as the format's name (cleaned to `[a-zA-Z0-9_-]{1,64}`); defaults to the schema's title, else `response`. */
  name?: string
  schema: z.ZodType | JSONSchema
  /** Left out: strict exactly when the schema qualifies (see strict-mode.ts). */
  strict?: boolean
  description?: string
}

/** The Chat Completions wire shape, accepted as it is so request bodies can be reused. */
export interface ChatCompletionsResponseFormat {
  type: 'json_schema'
  json_schema: Omit<JsonSchemaResponseFormat, 'type'>
}

/**
 * A zod schema, a plain JSON Schema object, a named format, or `{ type: 'json_object' | 'text' }`
 * (JSON without a schema, or plain text: no value is parsed for `text`).
 */
export type ResponseFormat = z.ZodType | JsonSchemaResponseFormat | ChatCompletionsResponseFormat | { type: 'json_object' } | { type: 'text' } | JSONSchema

export interface NormalizedJsonSchemaFormat {
  kind: 'json_schema'
  name: string
  schema: JSONSchema
  strict: boolean
  description?: string
  /** The zod schema it came from, if any: replies are validated with it (transforms and refinements included). */
  zodSchema?: z.ZodType
}

export type NormalizedResponseFormat = { kind: 'text' } | { kind: 'json_object' } | NormalizedJsonSchemaFormat

export const DEFAULT_FORMAT_NAME = 'response'

// Agents pass the same format object on every model turn; converting a zod schema each time is wasted work.
const normalizedFormats = new WeakMap<object, NormalizedResponseFormat>()

export function normalizeResponseFormat(format: ResponseFormat | undefined | null): NormalizedResponseFormat | undefined {
  if (format === undefined || format === null) return undefined
  if (typeof format !== 'object' || Array.isArray(format)) {
    throw new ChatClientInvalidRequestError('responseFormat must be a zod schema, a JSON schema or a response format object.')
  }
  let normalized = normalizedFormats.get(format)
  if (!normalized) {
    normalized = normalizeUncached(format)
    normalizedFormats.set(format, normalized)
  }
  return normalized
}

function normalizeUncached(format: object): NormalizedResponseFormat {
  if (format instanceof z.ZodType) return fromSchema(format, {})
  const record = format as Record<string, unknown>
  if (record.type === 'text' || record.type === 'json_object') return { kind: record.type }
  if (record.type === 'json_schema') {
    const section = isRecord(record.json_schema) ? record.json_schema : record
    const schema = section.schema
    if (!(schema instanceof z.ZodType) && !isRecord(schema)) {
      throw new ChatClientInvalidRequestError('A json_schema responseFormat needs a `schema` (a zod schema or a JSON Schema object).')
    }
    return fromSchema(schema, {
      name: section.name,
      strict: typeof section.strict === 'boolean' ? section.strict : undefined,
      description: typeof section.description === 'string' ? section.description : undefined,
    })
  }
  return fromSchema(record, {})
}

function fromSchema(schema: z.ZodType | JSONSchema, given: { name?: unknown; strict?: boolean; description?: string }): NormalizedJsonSchemaFormat {
  const zodSchema = schema instanceof z.ZodType ? schema : undefined
  const jsonSchema = zodSchema ? zodToJsonSchema(zodSchema) : (schema as JSONSchema)
  const normalized: NormalizedJsonSchemaFormat = {
    kind: 'json_schema',
    name: formatName(given.name ?? jsonSchema.title),
    schema: jsonSchema,
    strict: given.strict ?? qualifiesForStrictMode(jsonSchema),
  }
  if (given.description !== undefined) normalized.description = given.description
  if (zodSchema) normalized.zodSchema = zodSchema
  return normalized
}

/**
 * The output view first: its objects are closed and fully required, which is what strict mode wants, and for
 * schemas without transforms it accepts what the input view accepts. A schema with transforms has no output
 * view; its input view (what the model must write for safeParse to succeed) is used instead.
 */
function zodToJsonSchema(schema: z.ZodType): JSONSchema {
  let converted: JSONSchema
  try {
    converted = z.toJSONSchema(schema) as JSONSchema
  } catch {
    try {
      converted = z.toJSONSchema(schema, { io: 'input' }) as JSONSchema
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new ChatClientInvalidRequestError(`The responseFormat zod schema has no JSON Schema form: ${reason}`, { cause: error })
    }
  }
  const { $schema: _dialect, ...jsonSchema } = converted
  return jsonSchema
}

/** Format names must match ^[a-zA-Z0-9_-]{1,64}$. */
function formatName(candidate: unknown): string {
  if (typeof candidate !== 'string') return DEFAULT_FORMAT_NAME
  const cleaned = candidate.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64)
  return cleaned.length > 0 ? cleaned : DEFAULT_FORMAT_NAME
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
