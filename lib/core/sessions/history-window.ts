/**
 * What part of a long conversation is sent to the model: the most recent messages, by count and/or
 * by an estimate of their tokens. Stored history is never touched; only what a run loads is cut.
 *
 * The window never starts in the middle of a tool exchange: a tool result whose call was cut off
 * means nothing to the model (and the OpenAI APIs reject it), so leading tool messages are dropped.
 */
import { AgentConfigurationError } from '../errors'
import type { Message } from '../types'

export interface HistoryWindow {
  /** Keep at most this many of the most recent stored messages. */
  maxMessages?: number
  /**
   * Keep the most recent messages whose estimated tokens fit this budget (at least the newest one).
   * The estimate is about four characters a token, plus a few per message: no tokenizer is loaded,
   * so leave headroom below the model's real limit.
   */
  maxTokens?: number
}

const CHARS_PER_TOKEN = 4
const TOKENS_PER_MESSAGE = 4

/** About how many tokens the message costs the model: its text, and its calls and results as JSON. */
export function estimateTokens(message: Message): number {
  let characters = 0
  for (const content of message.contents) {
    characters += content.type === 'text' ? content.text.length : JSON.stringify(content).length
  }
  return TOKENS_PER_MESSAGE + Math.ceil(characters / CHARS_PER_TOKEN)
}

/** The most recent `messages` that fit the window, oldest first; all of them without a window. */
export function applyHistoryWindow(messages: readonly Message[], window: HistoryWindow | undefined): Message[] {
  if (!window || (window.maxMessages === undefined && window.maxTokens === undefined)) return [...messages]
  let start = messages.length
  let tokens = 0
  while (start > 0) {
    if (window.maxMessages !== undefined && messages.length - start >= window.maxMessages) break
    const cost = estimateTokens(messages[start - 1])
    if (window.maxTokens !== undefined && tokens + cost > window.maxTokens && start < messages.length) break
    tokens += cost
    start -= 1
  }
  while (start < messages.length && messages[start].role === 'tool') start += 1
  return messages.slice(start)
}

/** Refuses a window that cannot mean anything (a negative or fractional count). */
export function checkHistoryWindow(window: HistoryWindow | undefined): HistoryWindow | undefined {
  for (const key of ['maxMessages', 'maxTokens'] as const) {
    const value = window?.[key]
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
      throw new AgentConfigurationError(`The history window's ${key} must be a whole number of 0 or more, not ${value}.`)
    }
  }
  return window
}
