/**
 * Errors that cross the HTTP boundary, and the one place that maps every error to a status and
 * a JSON body `{ error: { code, message, details? } }`. Services throw a DomainError (a literal
 * code, a message, optional details) and this module decides the status from the code; the older
 * HttpError, which carries its status itself, is still understood. Unknown errors become a 500
 * whose body says nothing about internals (the detail goes to the server log only).
 */
import { ZodError, type z } from 'zod'
import { isCoreError, isUserError } from '@/lib/core/errors'

// Recognised by brand as well as by class: the services live on globalThis and may have been
// built by another server bundle (instrumentation) than the route handler's own copy of this file.
const HTTP_ERROR_BRAND = Symbol.for('agentloom.http-error')
const DOMAIN_ERROR_BRAND = Symbol.for('agentloom.domain-error')

/**
 * The HTTP status of each domain error code. A code not listed is the caller's mistake: 400.
 * Add a code here when it means something other than "bad input".
 */
export const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  unauthenticated: 401,
  forbidden: 403,
  admin_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  approval_already_decided: 409,
  approval_expired: 409,
  file_skill_read_only: 409,
  mcp_server_exists: 409,
  run_finished: 409,
  run_not_active: 409,
  setup_done: 409,
  skill_exists: 409,
  task_not_running: 409,
  user_exists: 409,
  version_conflict: 409,
}

/** The status a domain error code maps to. */
export function statusForCode(code: string): number {
  return Object.hasOwn(STATUS_BY_CODE, code) ? STATUS_BY_CODE[code] : 400
}

/** What a service throws when a request cannot be done: a literal code, a message for people, optional details. */
export class DomainError<Code extends string = string> extends Error {
  readonly [DOMAIN_ERROR_BRAND] = true

  constructor(
    readonly code: Code,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = new.target.name
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError || (typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[DOMAIN_ERROR_BRAND] === true)
}

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

function errorBody(code: string, message: string, details: unknown): ErrorBody {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } }
}

/** Details a lib/core error carries, if any (e.g. a manifest's list of problems). */
function coreErrorDetails(error: object): unknown {
  const { details, problems } = error as { details?: unknown; problems?: unknown }
  if (details !== undefined) return details
  return problems === undefined ? undefined : { problems }
}

export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (isHttpError(error)) return { status: error.status, body: errorBody(error.code, error.message, error.details) }
  if (isDomainError(error)) return { status: statusForCode(error.code), body: errorBody(error.code, error.message, error.details) }
  if (error instanceof ZodError || (error as { name?: string } | null)?.name === 'ZodError') return toErrorResponse(validationError(error as ZodError))
  if (isUserError(error)) return { status: statusForCode(error.code), body: errorBody(error.code, error.message, coreErrorDetails(error)) }
  if (isCoreError(error)) console.error(`[api] ${error.name}: ${error.message}`)
  else console.error('[api] unexpected error:', error)
  return { status: 500, body: errorBody('internal_error', 'Something went wrong on the server. The details are in its log.', undefined) }
}
