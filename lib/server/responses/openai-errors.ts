/**
 * Errors of the OpenAI-compatible routes (/v1) in OpenAI's shape, `{ error: { message, type, param, code } }`
 * (openai-error-shape.ts), so that the `openai` package throws its own classes (`BadRequestError`,
 * `AuthenticationError`, `NotFoundError`, `ConflictError`, …). These are the routes that deviate from
 * the API's `{ error: { code, message, details? } }`: the status and `code` are the ones the rest of
 * the API would answer (http-errors.ts).
 */
import { toErrorResponse } from '../http-errors'
import { toOpenAiError } from './openai-error-shape'

export function openAiErrorResponse(error: unknown): Response {
  const { status, body } = toErrorResponse(error)
  return Response.json(toOpenAiError(status, body), { status, headers: status === 401 ? { 'www-authenticate': 'Bearer' } : undefined })
}
