import type { ChatResponse, ChatResponseUpdate } from '../types'
import { chatResponseToUpdates } from './response-updates'

export function isAsyncIterable<T>(value: unknown): value is AsyncIterable<T> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value
}

/** A streaming result as updates; a ChatResponse set by a short-circuiting middleware is split into updates. */
export async function* resultAsUpdates(result: ChatResponse | AsyncIterable<ChatResponseUpdate>): AsyncGenerator<ChatResponseUpdate> {
  if (isAsyncIterable<ChatResponseUpdate>(result)) yield* result
  else yield* chatResponseToUpdates(result)
}
