/**
 * What services throw when a request cannot be done: a DomainError with a literal code, a message
 * for people and optional details. Services never choose an HTTP status; http-errors.ts is the one
 * module that maps codes to statuses.
 */

// Recognised by brand as well as by class: the services live on globalThis and may have been
// built by another server bundle (instrumentation) than the route handler's own copy of this file.
const DOMAIN_ERROR_BRAND = Symbol.for('agentloom.domain-error')

/** The codes a request can be refused with for what the caller sent (400): the input cannot be used. */
export const INVALID_INPUT_CODES = [
  'ambiguous_model',
  'approval_not_supported',
  'base_version_mismatch',
  'conflicting_continuation',
  'escalation_after_expiry',
  'continuation_not_supported',
  'instructions_not_supported',
  'item_not_found',
  'invalid_agent',
  'invalid_encoding',
  'invalid_file_root',
  'invalid_graph',
  'invalid_if_match',
  'invalid_json',
  'invalid_model',
  'invalid_path',
  'invalid_request',
  'invalid_run_input',
  'invalid_setup_link',
  'invalid_skill',
  'invalid_text',
  'model_mismatch',
  'not_an_agent_node',
  'nothing_to_continue',
  'outbound_address_refused',
  'store_not_supported',
  'format_not_supported',
  'fork_of_turn',
  'invalid_fork_edit',
  'too_deeply_nested',
  'tooling_manifest_invalid',
  'unsupported_input',
  'wrong_password',
  // Evaluations (issue #31)
  'invalid_dataset',
  'invalid_evaluator',
] as const
export type InvalidInputCode = (typeof INVALID_INPUT_CODES)[number]

/** Every code a DomainError can carry; http-errors.ts maps each to its status in an exhaustive record. */
export type DomainErrorCode =
  | InvalidInputCode
  | ConflictCode
  | 'unauthenticated'
  | 'forbidden'
  | 'admin_required'
  | 'stdio_command_not_allowed'
  | 'stdio_mcp_disabled'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'base_version_required'
  | 'unsupported_media_type'
  | 'sign_in_locked'
  | 'too_many_requests'
  | 'service_unavailable'
  | 'run_failed'
  /** A saved document names another workspace's agent, MCP server, skill or sub-workflow (workspaces/foreign-references.ts). */
  | 'foreign_reference'
  // Triggers (issue #32): a webhook call without a valid signature (or to no webhook: the same answer), or one signed too long ago.
  | 'invalid_signature'
  | 'signature_expired'
  // Publishing (issue #32): a published agent's tokens for today are spent.
  | 'daily_budget_spent'

export class DomainError<Code extends DomainErrorCode = DomainErrorCode> extends Error {
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

/** The input cannot be used (the code says why; 400). */
export const invalidInput = (code: InvalidInputCode, message: string, details?: unknown) => new DomainError(code, message, details)

/** Missing — or not the caller's to see, which must look the same. */
export const notFound = (what: string, id?: string) => new DomainError('not_found', id === undefined ? `${what} not found.` : `${what} '${id}' not found.`)

/** The ways a request can contradict what is stored (the resource's state, or another request). */
export const CONFLICT_CODES = [
  'approval_already_decided',
  'approval_expired',
  'cannot_change_self',
  'confirm_required',
  'file_skill_read_only',
  'graph_changed',
  'last_admin',
  'last_owner',
  'mcp_server_exists',
  'mcp_tool_name_taken',
  'member_exists',
  'missing_references',
  'no_approval_webhook',
  'personal_workspace',
  'run_finished',
  'run_incomplete',
  'run_not_active',
  'run_not_paused',
  'runs_active',
  'setup_done',
  'skill_exists',
  'stale_version',
  'task_not_running',
  'turn_running',
  'user_exists',
  'version_conflict',
  // Evaluations (issue #31)
  'experiment_finished',
  // Triggers (issue #32)
  'signature_replayed',
  'credential_exists',
] as const
export type ConflictCode = (typeof CONFLICT_CODES)[number]

/** The request contradicts what is stored. */
export const conflict = (code: ConflictCode, message: string, details?: unknown) => new DomainError(code, message, details)
