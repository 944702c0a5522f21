/**
 * Errors of the Responses endpoint in OpenAI's shape, `{ error: { message, type, param, code } }`,
 * so that the `openai` package throws its own classes (`BadRequestError`, `AuthenticationError`,
 * `NotFoundError`, `ConflictError`, …). This is the one endpoint that deviates from the API's
 * `{ error: { code, message, details? } }`: the status and `code` are the ones the rest of the API
 * would answer (http-errors.ts), `type` is OpenAI's name for the status, and `param` names the
 * request field at fault where one is.
 */
import type { OpenAiError } from '@/lib/contracts/responses'
import { toErrorResponse } from '../http-errors'

function typeOf(status: number): string {
  if (status === 401) return 'authentication_error'
  if (status === 403) return 'permission_error'
  if (status === 404) return 'not_found_error'
  if (status >= 500) return 'server_error'
  return 'invalid_request_error'
}

function paramOf(details: unknown): string | null {
  const { param, issues } = (details ?? {}) as { param?: unknown; issues?: Array<{ path?: unknown }> }
  if (typeof param === 'string') return param
  const path = Array.isArray(issues) ? issues[0]?.path : undefined
  return typeof path === 'string' && path !== '' ? path : null
}

export function openAiErrorBody(error: unknown): { status: number; body: OpenAiError } {
  const { status, body } = toErrorResponse(error)
  return { status, body: { error: { message: body.error.message, type: typeOf(status), param: paramOf(body.error.details), code: body.error.code } } }
}

export function openAiErrorResponse(error: unknown): Response {
  const { status, body } = openAiErrorBody(error)
  return Response.json(body, { status, headers: status === 401 ? { 'www-authenticate': 'Bearer' } : undefined })
}
