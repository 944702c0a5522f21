/**
 * What services throw when a request cannot be done: a DomainError with a literal code, a message
 * for people and optional details. Services never choose an HTTP status; http-errors.ts is the one
 * module that maps codes to statuses.
 */

// Recognised by brand as well as by class: the services live on globalThis and may have been
// built by another server bundle (instrumentation) than the route handler's own copy of this file.
const DOMAIN_ERROR_BRAND = Symbol.for('agentloom.domain-error')

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

/** The input cannot be used (the code says why; it maps to 400 unless http-errors.ts says otherwise). */
export const invalidInput = (code: string, message: string, details?: unknown) => new DomainError(code, message, details)

/** Missing — or not the caller's to see, which must look the same. */
export const notFound = (what: string, id?: string) => new DomainError('not_found', id === undefined ? `${what} not found.` : `${what} '${id}' not found.`)

/** The ways a request can contradict what is stored (the resource's state, or another request). */
export const CONFLICT_CODES = [
  'approval_already_decided',
  'approval_expired',
  'cannot_change_self',
  'confirm_required',
  'file_skill_read_only',
  'last_admin',
  'mcp_server_exists',
  'mcp_tool_name_taken',
  'run_finished',
  'run_not_active',
  'runs_active',
  'setup_done',
  'skill_exists',
  'stale_version',
  'task_not_running',
  'turn_running',
  'user_exists',
  'version_conflict',
] as const
export type ConflictCode = (typeof CONFLICT_CODES)[number]

/** The request contradicts what is stored. */
export const conflict = (code: ConflictCode, message: string, details?: unknown) => new DomainError(code, message, details)
