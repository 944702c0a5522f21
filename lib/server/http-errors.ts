/**
 * Errors that cross the HTTP boundary, and the one place that maps every error to a status and
 * a JSON body `{ error: { code, message, details? } }`. Unknown errors become a 500 whose body
 * says nothing about internals (the detail goes to the server log only).
 */
import { ZodError, type z } from 'zod'
import { isCoreError, isUserError } from '@/lib/core/errors'

// Recognised by brand as well as by class: the services live on globalThis and may have been
// built by another server bundle (instrumentation) than the route handler's own copy of this file.
const HTTP_ERROR_BRAND = Symbol.for('agentloom.http-error')

export class HttpError extends Error {
  readonly [HTTP_ERROR_BRAND] = true

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = new.target.name
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError || (typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[HTTP_ERROR_BRAND] === true)
}

export const badRequest = (code: string, message: string, details?: unknown) => new HttpError(400, code, message, details)
export const notFound = (what: string, id?: string) =>
  new HttpError(404, 'not_found', id === undefined ? `${what} not found.` : `${what} '${id}' not found.`)
export const conflict = (code: string, message: string, details?: unknown) => new HttpError(409, code, message, details)

export function validationError(error: ZodError, what = 'request'): HttpError {
  return new HttpError(400, 'invalid_request', `Invalid ${what}: ${summariseIssues(error.issues)}`, { issues: error.issues.map(presentIssue) })
}

function presentIssue(issue: z.core.$ZodIssue) {
  return { path: issue.path.map(String).join('.'), message: issue.message }
}

function summariseIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ')
}

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown }
}

export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (isHttpError(error)) {
    return { status: error.status, body: { error: { code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) } } }
  }
  if (error instanceof ZodError || (error as { name?: string } | null)?.name === 'ZodError') return toErrorResponse(validationError(error as ZodError))
  if (isUserError(error)) return { status: 400, body: { error: { code: error.code, message: error.message } } }
  if (isCoreError(error)) console.error(`[api] ${error.name}: ${error.message}`)
  else console.error('[api] unexpected error:', error)
  return { status: 500, body: { error: { code: 'internal_error', message: 'Something went wrong on the server. The details are in its log.' } } }
}
