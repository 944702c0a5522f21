/**
 * Errors of the OpenAI-compatible routes (/v1) in OpenAI's shape, `{ error: { message, type, param, code } }`
 * (openai-error-shape.ts), so that the `openai` package throws its own classes (`BadRequestError`,
 * `AuthenticationError`, `NotFoundError`, `ConflictError`, …). These are the routes that deviate from
 * the API's `{ error: { code, message, details? } }`: the status and `code` are the ones the rest of
 * the API would answer (http-errors.ts).
 */
import { toErrorResponse } from '../http-errors'
import { toOpenAiError } from './openai-error-shape'

/**
 * A run that failed or waits (a chat completion's, chat-completion-answer.ts) is not worth running again by itself: OpenAI's
 * clients retry 409s and 5xxs unless told not to, and a retry would run the agent's tools again.
 */
const NOT_RETRIED = new Set(['run_failed', 'run_incomplete'])

export function openAiErrorResponse(error: unknown): Response {
  const { status, body } = toErrorResponse(error)
  const headers: Record<string, string> = {}
  if (status === 401) headers['www-authenticate'] = 'Bearer'
  if (NOT_RETRIED.has(body.error.code)) headers['x-should-retry'] = 'false'
  return Response.json(toOpenAiError(status, body), { status, headers })
}
