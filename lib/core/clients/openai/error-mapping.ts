/**
 * Translates what the `openai` package throws into the framework's errors, so callers handle
 * one family (CoreError) whatever the provider. The package has already retried by then.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai'
import { AbortError, ChatClientException, ChatClientResponseException, CoreError } from '../../errors'
import { couldNotReachMessage, refusalBehind } from '../caller-fetch-refusals'

export function toChatClientError(error: unknown, clientName: string, signal?: AbortSignal): CoreError {
  if (error instanceof CoreError) return error
  if (error instanceof APIUserAbortError || signal?.aborted) return new AbortError()
  if (error instanceof APIConnectionTimeoutError) {
    return new ChatClientException(`${clientName} request timed out: ${error.message}`, { cause: error })
  }
  if (error instanceof APIConnectionError) {
    // A connection the caller's fetch refused says why in words meant for people ("Connection error." says nothing).
    return new ChatClientException(couldNotReachMessage(clientName, error), { cause: error })
  }
  if (error instanceof APIError) {
    // A refusal by the caller's fetch reaches here as the stand-in answer that kept the package from retrying it.
    const refused = refusalBehind(error.headers)
    if (refused) return new ChatClientException(couldNotReachMessage(clientName, refused), { cause: refused })
    return new ChatClientResponseException(`${clientName} service failed to complete the request: ${error.message}`, {
      status: error.status,
      errorCode: error.code ?? undefined,
      requestId: error.requestID ?? undefined,
      cause: error,
    })
  }
  const detail = error instanceof Error ? error.message : String(error)
  return new ChatClientException(`${clientName} failed: ${detail}`, { cause: error })
}

/** An error the service reported inside an otherwise successful reply (a failed response, a stream error event). */
export function serviceReportedError(
  clientName: string,
  error: { message?: string | null; code?: string | null } | null | undefined,
  fallback: string,
): ChatClientResponseException {
  const message = error?.message || fallback
  return new ChatClientResponseException(`${clientName} service failed to complete the request: ${message}`, {
    errorCode: error?.code ?? undefined,
  })
}
