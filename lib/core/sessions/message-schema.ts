/**
 * The zod contract for a stored message (one JSONL line of a history file, or a message in stored JSON).
 * Known content kinds are checked for their required fields; extra fields are kept.
 */
import { z } from 'zod'
import { Message } from '../types'

const role = z.enum(['system', 'user', 'assistant', 'tool'])
const functionCall = z.looseObject({
  type: z.literal('function_call'),
  callId: z.string(),
  name: z.string(),
  arguments: z.union([z.string(), z.record(z.string(), z.unknown())]),
})

const content = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text'), text: z.string() }),
  z.looseObject({ type: z.literal('reasoning'), text: z.string() }),
  functionCall,
  z.looseObject({ type: z.literal('function_result'), callId: z.string(), result: z.unknown(), exception: z.string().optional() }),
  z.looseObject({ type: z.literal('function_approval_request'), id: z.string(), functionCall }),
  z.looseObject({ type: z.literal('function_approval_response'), id: z.string(), approved: z.boolean(), functionCall }),
  z.looseObject({ type: z.literal('data'), uri: z.string(), mediaType: z.string() }),
  z.looseObject({ type: z.literal('uri'), uri: z.string(), mediaType: z.string() }),
  z.looseObject({ type: z.literal('usage'), details: z.record(z.string(), z.number().optional()) }),
  z.looseObject({ type: z.literal('error'), message: z.string() }),
])

export const messageJSONSchema = z.object({
  type: z.literal('message').optional(),
  role,
  contents: z.array(content),
  authorName: z.string().optional(),
  messageId: z.string().optional(),
  additionalProperties: z.record(z.string(), z.unknown()).optional(),
})

export type ParsedMessage = { ok: true; message: Message } | { ok: false; problem: string }

/**
 * Parses one stored message — JSON text (a JSONL line, a text column) or an already-decoded JSON value
 * (a JSON column); problems are returned, not thrown.
 */
export function parseStoredMessage(stored: unknown): ParsedMessage {
  let json: unknown = stored
  if (typeof stored === 'string') {
    try {
      json = JSON.parse(stored)
    } catch (error) {
      return { ok: false, problem: `invalid JSON (${(error as Error).message})` }
    }
  }
  const parsed = messageJSONSchema.safeParse(json)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`).join('; ')
    return { ok: false, problem: `not a message (${issues})` }
  }
  return { ok: true, message: Message.fromJSON(parsed.data as Parameters<typeof Message.fromJSON>[0]) }
}
