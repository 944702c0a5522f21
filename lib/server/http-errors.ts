/**
 * Errors that cross the HTTP boundary, and the one place that maps every error to a status and
 * a JSON body `{ error: { code, message, details? } }`. Services throw a DomainError (a literal
 * code, a message, optional details; domain-errors.ts) and this module decides the status from the
 * code. Unknown errors become a 500
 * whose body says nothing about internals (the detail goes to the server log only).
 */
import { ZodError, type z } from 'zod'
import { isCoreError, isUserError } from '@/lib/core'
import {
  CONFLICT_CODES,
  DomainError,
  INVALID_INPUT_CODES,
  isDomainError,
  type ConflictCode,
  type DomainErrorCode,
  type InvalidInputCode,
} from './domain-errors'

/**
 * The HTTP status of every domain error code: a `Record` over the DomainErrorCode union, so a code
 * added there without a status here does not compile.
 */
export const STATUS_BY_CODE: Readonly<Record<DomainErrorCode, number>> = {
  ...(Object.fromEntries(INVALID_INPUT_CODES.map((code) => [code, 400])) as Record<InvalidInputCode, 400>),
  ...(Object.fromEntries(CONFLICT_CODES.map((code) => [code, 409])) as Record<ConflictCode, 409>),
  unauthenticated: 401,
  forbidden: 403,
  admin_required: 403,
  stdio_command_not_allowed: 403,
  stdio_mcp_disabled: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  base_version_required: 428,
  unsupported_media_type: 415,
  sign_in_locked: 429,
  too_many_requests: 429,
  daily_budget_spent: 429,
  /** Something the server needs (its database) failed: not the caller's fault, worth a retry. */
  service_unavailable: 503,
  /** A run answered synchronously (a chat completion) failed: its agent's model or tools did, not the request. */
  run_failed: 502,
  /** Well-formed, but it names what its workspace does not have: the same document elsewhere would be accepted. */
  foreign_reference: 422,
  // Triggers (issue #32)
  invalid_signature: 401,
  signature_expired: 401,
}

/**
 * The status a code maps to. A DomainError's code is always in STATUS_BY_CODE; the codes of lib/core's
 * UserErrors (a misconfigured agent, a bad skill file) are not, and are the caller's input: 400.
 */
export function statusForCode(code: string): number {
  return Object.hasOwn(STATUS_BY_CODE, code) ? STATUS_BY_CODE[code as DomainErrorCode] : 400
}

export function validationError(error: ZodError, what = 'request'): DomainError {
  return new DomainError('invalid_request', `Invalid ${what}: ${summariseIssues(error.issues)}`, { issues: error.issues.map(presentIssue) })
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
  if (isDomainError(error)) return { status: statusForCode(error.code), body: errorBody(error.code, error.message, error.details) }
  // Requests are parsed into DomainErrors (parseBody, parseWith): a ZodError that gets here is a stored row that no longer parses.
  if (error instanceof ZodError || (error as { name?: string } | null)?.name === 'ZodError') {
    console.error('[api] a stored row did not parse:', error)
    return { status: 500, body: errorBody('stored_data_invalid', 'Something stored on the server could not be read. The details are in its log.', undefined) }
  }
  if (isUserError(error)) return { status: statusForCode(error.code), body: errorBody(error.code, error.message, coreErrorDetails(error)) }
  if (isMissingWorkspaceReference(error)) return { status: 404, body: errorBody('not_found', 'That workspace does not exist.', undefined) }
  if (isCoreError(error)) console.error(`[api] ${error.name}: ${error.message}`)
  else console.error('[api] unexpected error:', error)
  return { status: 500, body: errorBody('internal_error', 'Something went wrong on the server. The details are in its log.', undefined) }
}

/**
 * A row made in a workspace that does not exist (Postgres' foreign-key violation on a `workspaceId`, Prisma's P2003).
 * Workspace ids always come from the caller: only an admin, who may name any workspace, gets this far with an
 * unknown one (targetWorkspace in principal.ts), and it is their unknown id, a 404, not the server's fault.
 */
function isMissingWorkspaceReference(error: unknown): boolean {
  const { code, meta } = (error ?? {}) as { code?: unknown; meta?: unknown }
  return code === 'P2003' && /workspaceId/.test(JSON.stringify(meta ?? {}))
}
