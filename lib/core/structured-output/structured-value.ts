/**
 * A reply's text → the structured value its format asks for: parsed as JSON, then validated (zod formats
 * with the zod schema, JSON Schema formats with json-schema-check.ts). Anything else is a
 * StructuredOutputError a person can read: what was expected, the first problems, the start of the reply.
 */
import { StructuredOutputError } from '../errors'
import type { JSONSchema, Message } from '../types'
import { checkJsonValue } from './json-schema-check'
import { normalizeResponseFormat, type NormalizedJsonSchemaFormat, type NormalizedResponseFormat, type ResponseFormat } from './response-format'

const PROBLEMS_IN_MESSAGE = 3
const REPLY_PREVIEW_LENGTH = 200

/** What has a value to fill: a ChatResponse or an AgentResponse. */
interface ValueHolder {
  messages: Message[]
  value?: unknown
  readonly userInputRequests: readonly unknown[]
}

/**
 * Sets `response.value` from its final reply when a JSON format was asked for. A response that ends in
 * function calls or waits for a person has no final reply yet and is left alone.
 */
export function fillStructuredValue<T extends ValueHolder>(response: T, responseFormat: ResponseFormat | undefined): T {
  const format = normalizeResponseFormat(responseFormat)
  if (!format || format.kind === 'text' || response.userInputRequests.length > 0) return response
  const reply = finalReply(response.messages)
  if (reply === undefined) return response
  response.value = parseStructuredValue(format, reply.text)
  return response
}

/** The value of a JSON reply under `format` (undefined for a text format); throws StructuredOutputError. */
export function parseStructuredValue(format: NormalizedResponseFormat, text: string): unknown {
  if (format.kind === 'text') return undefined
  const formatName = format.kind === 'json_schema' ? format.name : 'json_object'
  const expected = format.kind === 'json_schema' ? describeSchema(format.schema) : 'a JSON value'
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    const message = `The model's reply is not JSON, but the structured output format "${formatName}" asks for ${expected}. The reply starts: ${preview(text)}`
    throw new StructuredOutputError(message, { formatName, problems: [`$: not JSON (${(error as Error).message})`], text, cause: error })
  }
  if (format.kind === 'json_object') return parsed
  return validated(format, parsed, text, expected)
}

function validated(format: NormalizedJsonSchemaFormat, parsed: unknown, text: string, expected: string): unknown {
  let problems: string[]
  if (format.zodSchema) {
    const result = format.zodSchema.safeParse(parsed)
    if (result.success) return result.data
    problems = result.error.issues.map((issue) => `${issuePath(issue.path)}: ${issue.message}`)
  } else {
    problems = checkJsonValue(parsed, format.schema)
    if (problems.length === 0) return parsed
  }
  const shown = problems.slice(0, PROBLEMS_IN_MESSAGE).join('; ')
  const more = problems.length > PROBLEMS_IN_MESSAGE ? ` (and ${problems.length - PROBLEMS_IN_MESSAGE} more)` : ''
  const message =
    `The model's reply does not match the structured output format "${format.name}", which asks for ${expected}. ` +
    `Problems: ${shown}${more}. The reply starts: ${preview(text)}`
  throw new StructuredOutputError(message, { formatName: format.name, problems, text })
}

/** The last assistant message, unless it asks for tool calls (then the run or turn is not finished). */
function finalReply(messages: readonly Message[]): Message | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]
    if (message.role !== 'assistant') continue
    return message.contents.some((content) => content.type === 'function_call') ? undefined : message
  }
  return undefined
}

function describeSchema(schema: JSONSchema): string {
  if (schema.type === 'object' && typeof schema.properties === 'object' && schema.properties !== null) {
    const keys = Object.keys(schema.properties)
    return keys.length > 0 ? `an object with the properties ${keys.join(', ')}` : 'an object'
  }
  if (schema.type === 'array') return 'an array'
  if (typeof schema.type === 'string') return `a JSON ${schema.type}`
  return 'JSON matching its schema'
}

function issuePath(path: readonly PropertyKey[]): string {
  let text = '$'
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : `.${String(key)}`
  return text
}

function preview(text: string): string {
  if (text.trim() === '') return '(an empty reply)'
  const start = text.length > REPLY_PREVIEW_LENGTH ? `${text.slice(0, REPLY_PREVIEW_LENGTH)}…` : text
  return JSON.stringify(start)
}
