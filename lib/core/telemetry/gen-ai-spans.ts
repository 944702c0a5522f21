/**
 * Spans of the GenAI semantic conventions, named and attributed as the reference names them:
 * `invoke_agent {agent}`, `chat {model}` (CLIENT) and `execute_tool {tool}`. Content attributes
 * (`gen_ai.input.messages`, `gen_ai.output.messages`, `gen_ai.system_instructions`,
 * `gen_ai.tool.call.arguments` / `.result`) are set only when content capture is on.
 */
import type { Attributes, Span } from '@opentelemetry/api'
import type { ChatResponse, Message, UsageDetails } from '../types'
import { capturedJson, capturedMessages } from './captured-content'
import { telemetry } from './telemetry-settings'
import { SpanKind, startSpan, type StartedSpan } from './tracing'

export interface AgentIdentity {
  readonly id?: string
  readonly name?: string
  readonly description?: string
}

export function startAgentRunSpan(agent: AgentIdentity, conversationId?: string): StartedSpan {
  const attributes: Attributes = { 'gen_ai.operation.name': 'invoke_agent' }
  if (agent.id) attributes['gen_ai.agent.id'] = agent.id
  if (agent.name) attributes['gen_ai.agent.name'] = agent.name
  if (agent.description) attributes['gen_ai.agent.description'] = agent.description
  if (conversationId) attributes['gen_ai.conversation.id'] = conversationId
  return startSpan(`invoke_agent ${agent.name ?? agent.id ?? 'agent'}`, attributes)
}

export function recordUsage(span: Span, usage: UsageDetails | undefined): void {
  if (usage?.inputTokenCount !== undefined) span.setAttribute('gen_ai.usage.input_tokens', usage.inputTokenCount)
  if (usage?.outputTokenCount !== undefined) span.setAttribute('gen_ai.usage.output_tokens', usage.outputTokenCount)
}

export interface ChatCallDescription {
  providerName?: string
  model?: string
  temperature?: number
  maxTokens?: number
  topP?: number
  instructions?: string
  streaming: boolean
}

export function startChatSpan(call: ChatCallDescription, messages: readonly Message[]): StartedSpan {
  const attributes: Attributes = { 'gen_ai.operation.name': 'chat' }
  if (call.providerName) {
    attributes['gen_ai.provider.name'] = call.providerName
    // The older name, still what many backends group by.
    attributes['gen_ai.system'] = call.providerName
  }
  if (call.model) attributes['gen_ai.request.model'] = call.model
  if (call.temperature !== undefined) attributes['gen_ai.request.temperature'] = call.temperature
  if (call.maxTokens !== undefined) attributes['gen_ai.request.max_tokens'] = call.maxTokens
  if (call.topP !== undefined) attributes['gen_ai.request.top_p'] = call.topP
  if (call.streaming) attributes['gen_ai.request.stream'] = true
  if (telemetry.captureContent) {
    attributes['gen_ai.input.messages'] = capturedMessages(messages)
    if (call.instructions) attributes['gen_ai.system_instructions'] = capturedJson([{ type: 'text', content: call.instructions }])
  }
  return startSpan(call.model ? `chat ${call.model}` : 'chat', attributes, undefined, SpanKind.CLIENT)
}

export function recordChatResponse(span: Span, response: ChatResponse): void {
  if (response.modelId) span.setAttribute('gen_ai.response.model', response.modelId)
  if (response.responseId) span.setAttribute('gen_ai.response.id', response.responseId)
  if (response.finishReason) span.setAttribute('gen_ai.response.finish_reasons', [response.finishReason])
  recordUsage(span, response.usage)
  if (telemetry.captureContent) span.setAttribute('gen_ai.output.messages', capturedMessages(response.messages))
}

export interface ToolCallDescription {
  name: string
  description?: string
  callId?: string
  arguments: unknown
}

export function startToolSpan(call: ToolCallDescription): StartedSpan {
  const attributes: Attributes = { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': call.name, 'gen_ai.tool.type': 'function' }
  if (call.callId) attributes['gen_ai.tool.call.id'] = call.callId
  if (call.description) attributes['gen_ai.tool.description'] = call.description
  if (telemetry.captureContent) attributes['gen_ai.tool.call.arguments'] = capturedJson(call.arguments)
  return startSpan(`execute_tool ${call.name}`, attributes)
}

export function recordToolResult(span: Span, result: unknown): void {
  if (telemetry.captureContent) span.setAttribute('gen_ai.tool.call.result', capturedJson(result))
}
