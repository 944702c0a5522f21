/**
 * What a span may say about prompts, completions and tool calls when content capture is on: the GenAI
 * semantic conventions' message shape (`{ role, parts: [...] }`) as JSON. Values under names that
 * look secret are replaced before anything is written, then the configured `redact` runs on the text;
 * data URIs (images, files) are never copied.
 */
import type { Content, Message } from '../types'
import { telemetry } from './telemetry-settings'

export const REDACTED = '[REDACTED]'
const SECRET_NAME = /pass(word|phrase)?|secret|token|api[-_]?key|authori[sz]ation|cookie|credential|private[-_]?key|session[-_]?id/i
const MAX_DEPTH = 8

function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_DEPTH) return '[…]'
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1))
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) copy[key] = SECRET_NAME.test(key) ? REDACTED : withoutSecrets(item, depth + 1)
  return copy
}

function parsedArguments(args: string | Record<string, unknown>): unknown {
  if (typeof args !== 'string') return args
  try {
    return JSON.parse(args) as unknown
  } catch {
    return args
  }
}

function part(content: Content): Record<string, unknown> | undefined {
  switch (content.type) {
    case 'text':
      return { type: 'text', content: content.text }
    case 'reasoning':
      return { type: 'reasoning', content: content.text }
    case 'function_call':
      return { type: 'tool_call', id: content.callId, name: content.name, arguments: parsedArguments(content.arguments) }
    case 'function_result':
      return { type: 'tool_call_response', id: content.callId, response: content.result }
    case 'data':
    case 'uri':
      return { type: 'blob', mime_type: content.mediaType }
    default:
      return undefined
  }
}

/** Secret-named fields replaced, then `redact`ed JSON. */
export function capturedJson(value: unknown): string {
  return telemetry.redact(JSON.stringify(withoutSecrets(value)) ?? 'null')
}

export function capturedMessages(messages: readonly Message[]): string {
  return capturedJson(messages.map((message) => ({ role: message.role, parts: message.contents.map(part).filter((item) => item !== undefined) })))
}
