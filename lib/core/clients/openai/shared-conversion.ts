/**
 * Conversions both OpenAI APIs share: tool definitions, tool choice, structured-output format fields,
 * function arguments/results as wire text, and usage numbers.
 */
import type { NormalizedJsonSchemaFormat } from '../../structured-output/response-format'
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

/** The json_schema fields both APIs send (nested under `json_schema` in Chat Completions, inline in Responses). */
export function jsonSchemaFormatFields(format: NormalizedJsonSchemaFormat) {
  return {
    name: format.name,
    schema: format.schema,
    strict: format.strict,
    ...(format.description !== undefined ? { description: format.description } : {}),
  }
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
