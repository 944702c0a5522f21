/**
 * Translates what `@anthropic-ai/sdk` throws into the framework's errors (as openai/error-mapping.ts
 * does for the `openai` package). The package has already retried 429 and 529 (overloaded) by then.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk'
import { AbortError, ChatClientException, ChatClientResponseException, CoreError } from '../../errors'
import { couldNotReachMessage, refusalBehind } from '../caller-fetch-refusals'

/** Anthropic's error body is `{ type: 'error', error: { type: 'overloaded_error', message } }`. */
function errorTypeOf(error: APIError): string | undefined {
  const body = error.error as { error?: { type?: unknown }; type?: unknown } | undefined
  const type = body?.error?.type ?? body?.type
  return typeof type === 'string' && type !== 'error' ? type : undefined
}

export function toAnthropicClientError(error: unknown, clientName: string, signal?: AbortSignal): CoreError {
  if (error instanceof CoreError) return error
  if (error instanceof APIUserAbortError || signal?.aborted) return new AbortError()
  if (error instanceof APIConnectionTimeoutError) return new ChatClientException(`${clientName} request timed out: ${error.message}`, { cause: error })
  if (error instanceof APIConnectionError) return new ChatClientException(couldNotReachMessage(clientName, error), { cause: error })
  if (error instanceof APIError) {
    // A refusal by the caller's fetch reaches here as the stand-in answer that kept the package from retrying it.
    const refused = refusalBehind(error.headers)
    if (refused) return new ChatClientException(couldNotReachMessage(clientName, refused), { cause: refused })
    return new ChatClientResponseException(`${clientName} service failed to complete the request: ${error.message}`, {
      status: error.status,
      errorCode: errorTypeOf(error),
      requestId: error.requestID ?? undefined,
      cause: error,
    })
  }
  const detail = error instanceof Error ? error.message : String(error)
  return new ChatClientException(`${clientName} failed: ${detail}`, { cause: error })
}
