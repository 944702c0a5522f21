/**
 * Conversions both OpenAI APIs share: tool definitions, tool choice, structured-output formats,
 * function arguments/results as wire text, and usage numbers.
 */
import { z } from 'zod'
import { ChatClientInvalidRequestError } from '../../errors'
import type { JSONSchema, ToolChoice, UsageDetails } from '../../types'
import type { ChatOptions } from '../chat-client'

/** The part of a FunctionTool the clients need (MCP and skills build their own FunctionTools). */
export interface ToolDefinitionSource {
  name: string
  description: string
  parameters(): JSONSchema
}

export function isToolDefinitionSource(value: unknown): value is ToolDefinitionSource {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<ToolDefinitionSource>
  return typeof candidate.name === 'string' && typeof candidate.parameters === 'function'
}

/** Function tools offered in the options; anything else in the list is not a function tool and is skipped. */
export function functionToolsOf(options: Pick<ChatOptions, 'tools'>): ToolDefinitionSource[] {
  return (options.tools ?? []).filter(isToolDefinitionSource)
}

/** OpenAI rejects an object schema without `properties`; MCP servers send those for argument-less tools. */
export function toolParametersSchema(tool: ToolDefinitionSource): JSONSchema {
  const schema = tool.parameters() ?? {}
  if (schema.type === 'object' && schema.properties === undefined) return { ...schema, properties: {} }
  return schema
}

export type NormalizedToolChoice = { kind: 'mode'; mode: 'auto' | 'none' | 'required' } | { kind: 'function'; name: string }

export function normalizeToolChoice(choice: ToolChoice | undefined): NormalizedToolChoice | undefined {
  if (choice === undefined) return undefined
  if (typeof choice === 'string') return { kind: 'mode', mode: choice }
  if (choice.mode === 'required' && choice.requiredFunctionName) {
    return { kind: 'function', name: choice.requiredFunctionName }
  }
  return { kind: 'mode', mode: 'required' }
}

export type NormalizedResponseFormat =
  { kind: 'text' } | { kind: 'json_object' } | { kind: 'json_schema'; name: string; schema: JSONSchema; strict?: boolean; description?: string }

const DEFAULT_FORMAT_NAME = 'response'

/** The json_schema fields both APIs send (nested under `json_schema` in Chat Completions, inline in Responses). */
export function jsonSchemaFormatFields(format: Extract<NormalizedResponseFormat, { kind: 'json_schema' }>) {
  return {
    name: format.name,
    schema: format.schema,
    ...(format.strict !== undefined ? { strict: format.strict } : {}),
    ...(format.description !== undefined ? { description: format.description } : {}),
  }
}

/**
 * Accepts the shapes people naturally pass as `responseFormat`: a zod schema, a plain JSON
 * schema, the Chat Completions shape `{ type: 'json_schema', json_schema: {...} }`, the
 * Responses shape `{ type: 'json_schema', name, schema }`, or `{ type: 'json_object' | 'text' }`.
 */
export function normalizeResponseFormat(format: unknown): NormalizedResponseFormat | undefined {
  if (format === undefined || format === null) return undefined
  if (format instanceof z.ZodType) return fromJsonSchema(zodToJsonSchema(format))
  if (typeof format !== 'object' || Array.isArray(format)) {
    throw new ChatClientInvalidRequestError('responseFormat must be a zod schema, a JSON schema or an OpenAI response format object.')
  }
  const record = format as Record<string, unknown>
  if (record.type === 'text' || record.type === 'json_object') return { kind: record.type }
  if (record.type === 'json_schema') {
    const section = isRecord(record.json_schema) ? record.json_schema : record
    if (!isRecord(section.schema)) throw new ChatClientInvalidRequestError('A json_schema responseFormat needs a `schema` object.')
    return {
      kind: 'json_schema',
      name: formatName(section.name ?? section.schema.title),
      schema: section.schema,
      ...(typeof section.strict === 'boolean' ? { strict: section.strict } : {}),
      ...(typeof section.description === 'string' ? { description: section.description } : {}),
    }
  }
  return fromJsonSchema(record)
}

function fromJsonSchema(schema: JSONSchema): NormalizedResponseFormat {
  return { kind: 'json_schema', name: formatName(schema.title), schema }
}

function zodToJsonSchema(schema: z.ZodType): JSONSchema {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema) as JSONSchema
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

/** Function-call arguments as the JSON text the APIs carry. */
export function argumentsToText(args: string | Record<string, unknown> | undefined): string {
  if (args === undefined) return '{}'
  return typeof args === 'string' ? args : JSON.stringify(args)
}

export interface WireUsage {
  inputTokens?: number | null
  outputTokens?: number | null
  totalTokens?: number | null
  cachedInputTokens?: number | null
  reasoningTokens?: number | null
}

export function toUsageDetails(usage: WireUsage | null | undefined): UsageDetails | undefined {
  if (!usage) return undefined
  const details: UsageDetails = {}
  if (typeof usage.inputTokens === 'number') details.inputTokenCount = usage.inputTokens
  if (typeof usage.outputTokens === 'number') details.outputTokenCount = usage.outputTokens
  if (typeof usage.totalTokens === 'number') details.totalTokenCount = usage.totalTokens
  else if (details.inputTokenCount !== undefined && details.outputTokenCount !== undefined) {
    details.totalTokenCount = details.inputTokenCount + details.outputTokenCount
  }
  if (typeof usage.cachedInputTokens === 'number') details.cachedInputTokenCount = usage.cachedInputTokens
  if (typeof usage.reasoningTokens === 'number') details.reasoningTokenCount = usage.reasoningTokens
  return details
}
