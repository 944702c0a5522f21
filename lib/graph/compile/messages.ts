/**
 * The message flow convention of compiled graphs (what travels along the canvas's edges):
 *
 * - start   passes the run input on as a string (a non-string input is sent as its JSON text); with
 *           declared input fields it sends the checked object (an agent reads it as its JSON text).
 * - agent   receives a string, a Message or a Message[] (anything else is turned into text) and
 *           sends on the assistant's reply text. It remembers its conversation for the whole run,
 *           so a loop that brings a message back continues where it left off; orchestration nodes
 *           likewise send on the final reply text.
 * - transform sends the value of its CEL expression (a string, number, bool, list or map).
 * - condition / fan-out pass the message through unchanged; fan-in sends the joined text or the list.
 * - human_input sends the person's answer.
 * - output  yields whatever it receives as a workflow output.
 *
 * messageText() is the one place that decides how any of these reads as text.
 *
 * Exported TypeScript files run this module too (through export-runtime.ts).
 */
import { AgentExecutorResponse, AgentResponse, Message } from '@/lib/core'

export function messageText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === null || value === undefined) return ''
  if (value instanceof Message) return value.text
  if (value instanceof AgentResponse) return value.text
  if (value instanceof AgentExecutorResponse) return value.agentResponse.text
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((item) => item instanceof Message)) return lastReply(value as Message[])
    return value.map(messageText).join('\n\n')
  }
  if (typeof value === 'object') return JSON.stringify(value, null, 2)
  return String(value)
}

/** The last assistant text of a conversation, or the last message's text when no assistant spoke. */
export function lastReply(conversation: readonly Message[]): string {
  for (let i = conversation.length - 1; i >= 0; i--) {
    const message = conversation[i]!
    if (message.role === 'assistant' && message.text !== '') return message.text
  }
  return conversation[conversation.length - 1]?.text ?? ''
}

/** What an agent accepts as-is; anything else becomes a user message with its text. */
export function toAgentInput(value: unknown): string | Message | Message[] {
  if (typeof value === 'string' || value instanceof Message) return value
  if (Array.isArray(value) && value.length > 0 && value.every((item) => item instanceof Message)) return value as Message[]
  return messageText(value)
}

/** Agent results (responses, messages, conversations) become their reply text; other values pass as they are. */
export function replyText(value: unknown): unknown {
  const isConversation = Array.isArray(value) && value.length > 0 && value.every((item) => item instanceof Message)
  if (value instanceof AgentExecutorResponse || value instanceof AgentResponse || value instanceof Message || isConversation) {
    return messageText(value)
  }
  return value
}
