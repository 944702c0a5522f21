/**
 * Translates what `@google/genai` throws into the framework's errors. The package throws `ApiError`
 * (HTTP status, and a message that carries Google's error body) for answers and lets fetch's own
 * errors through for connections; it has already retried 408/429/5xx by then.
 */
import { ApiError } from '@google/genai'
import { AbortError, ChatClientException, ChatClientResponseException, CoreError } from '../../errors'
import { couldNotReachMessage } from '../caller-fetch-refusals'

/** Google's error body is `{ error: { code, message, status: 'RESOURCE_EXHAUSTED' } }`; the package puts it in the message. */
function statusNameOf(message: string): string | undefined {
  return /"status":\s*"([A-Z_]+)"/.exec(message)?.[1]
}

export function toGeminiClientError(error: unknown, clientName: string, signal?: AbortSignal): CoreError {
  if (error instanceof CoreError) return error
  if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) return new AbortError()
  if (error instanceof ApiError) {
    return new ChatClientResponseException(`${clientName} service failed to complete the request: ${error.message}`, {
      status: error.status,
      errorCode: statusNameOf(error.message),
      cause: error,
    })
  }
  // What fetch threw: undici's "fetch failed", and a refusal by the caller's fetch in that shape (caller-fetch-refusals.ts).
  if (error instanceof TypeError) return new ChatClientException(couldNotReachMessage(clientName, error), { cause: error })
  const detail = error instanceof Error ? error.message : String(error)
  return new ChatClientException(`${clientName} failed: ${detail}`, { cause: error })
}
