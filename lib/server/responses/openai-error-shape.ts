/**
 * OpenAI's error shape, `{ error: { message, type, param, code } }`, which every path under /v1 answers
 * (its routes, its unknown paths, and what proxy.ts refuses there before a route sees it), so that
 * OpenAI's clients understand every error they get from it. Pure, with no import of the server, so
 * that proxy.ts and request-screen.ts can use it: the status and `code` are the ones the rest of the
 * API would answer, `type` is OpenAI's name for the status, and `param` names the request field at
 * fault where one is (a domain error's `details.param`, or the first zod issue's path).
 */
import type { OpenAiError } from '@/lib/contracts/responses'

/** An error in the API's own shape, `{ error: { code, message, details? } }`. */
interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown }
}

/** The OpenAI-compatible routes: `/v1` and what is under it. */
export function isOpenAiPath(pathname: string): boolean {
  return pathname === '/v1' || pathname.startsWith('/v1/')
}

function typeOf(status: number): string {
  if (status === 401) return 'authentication_error'
  if (status === 403) return 'permission_error'
  if (status === 404) return 'not_found_error'
  if (status === 429) return 'rate_limit_error'
  if (status >= 500) return 'server_error'
  return 'invalid_request_error'
}

function paramOf(details: unknown): string | null {
  const { param, issues } = (details ?? {}) as { param?: unknown; issues?: Array<{ path?: unknown }> }
  if (typeof param === 'string') return param
  const path = Array.isArray(issues) ? issues[0]?.path : undefined
  return typeof path === 'string' && path !== '' ? path : null
}

export function toOpenAiError(status: number, body: ApiErrorBody): OpenAiError {
  return { error: { message: body.error.message, type: typeOf(status), param: paramOf(body.error.details), code: body.error.code } }
}

/** The body as the path's clients read errors: OpenAI's shape under /v1, the API's own elsewhere. */
export function errorBodyForPath(pathname: string, status: number, body: ApiErrorBody): ApiErrorBody | OpenAiError {
  return isOpenAiPath(pathname) ? toOpenAiError(status, body) : body
}
