/**
 * Translates what `@google/genai` throws into the framework's errors. The package throws `ApiError`
 * (HTTP status, and a message that carries Google's error body) for answers and lets fetch's own
 * errors through for connections; it has already retried 408/429/5xx by then.
 */
import { ApiError } from '@google/genai'
import { AbortError, ChatClientException, ChatClientResponseException, CoreError, isUserError } from '../../errors'

function userErrorIn(error: unknown): Error | undefined {
  let current = error
  for (let depth = 0; current instanceof Error && depth < 6; depth += 1) {
    if (isUserError(current)) return current
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

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
  if (error instanceof TypeError) {
    const refusal = userErrorIn(error.cause)
    return new ChatClientException(`${clientName} could not reach the service: ${refusal?.message ?? error.message}`, { cause: error })
  }
  const detail = error instanceof Error ? error.message : String(error)
  return new ChatClientException(`${clientName} failed: ${detail}`, { cause: error })
}
