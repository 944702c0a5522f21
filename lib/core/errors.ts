/**
 * Every error the framework raises derives from CoreError and carries a literal `code`.
 * User errors (bad configuration or input) are kept apart from system errors (a peer
 * failed, a bug) so that callers — and the HTTP layer — can map them without string matching.
 */
// A realm-independent brand: the same module can be loaded twice (e.g. by two server bundles),
// and an error from one copy must still be recognised by the other, where instanceof fails.
const CORE_ERROR_BRAND = Symbol.for('agentloom.core-error')

export abstract class CoreError extends Error {
  abstract readonly code: string
  readonly [CORE_ERROR_BRAND] = true
  /** True when the caller supplied something invalid (maps to a 4xx at an HTTP boundary). */
  readonly userError: boolean = false

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = new.target.name
  }
}

/** Misconfiguration or invalid input from the code or person using the framework. */
export class UserError extends CoreError {
  readonly code: string = 'user_error'
  override readonly userError = true
}

/** A failure inside the framework or of a peer it talks to. */
export class SystemError extends CoreError {
  readonly code: string = 'system_error'
}

export class ToolException extends CoreError {
  readonly code: string = 'tool_error'
}

/** A tool ran and failed; the message goes back to the model as the tool result. */
export class ToolExecutionException extends ToolException {
  override readonly code: string = 'tool_execution_error'
}

export class ChatClientException extends SystemError {
  override readonly code: string = 'chat_client_error'
}

export class ChatClientInitializationError extends UserError {
  override readonly code: string = 'chat_client_initialization_error'
}

export class WorkflowException extends CoreError {
  readonly code: string = 'workflow_error'
}

export class AbortError extends CoreError {
  readonly code = 'aborted'
  constructor(message = 'The operation was aborted.') {
    super(message)
  }
}

export function isCoreError(value: unknown): value is CoreError {
  return value instanceof CoreError || (typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[CORE_ERROR_BRAND] === true)
}

export function isUserError(value: unknown): value is UserError {
  return isCoreError(value) && value.userError
}

/** Throws an AbortError when the signal has fired; call at every await boundary that can be cancelled. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError()
}

/**
 * A model service answered a request with an error (HTTP status, or an error event in a stream).
 * `status` is the HTTP status when there was one; `errorCode` is the service's own code
 * (e.g. `rate_limit_exceeded`), `requestId` its request id, for support tickets.
 */
export class ChatClientResponseException extends ChatClientException {
  readonly status?: number
  readonly errorCode?: string
  readonly requestId?: string

  constructor(message: string, details: { status?: number; errorCode?: string; requestId?: string; cause?: unknown } = {}) {
    super(message, { cause: details.cause })
    this.status = details.status
    this.errorCode = details.errorCode
    this.requestId = details.requestId
  }
}

/** A chat request the client cannot express for its service (e.g. an unusable responseFormat, no model). */
export class ChatClientInvalidRequestError extends UserError {
  override readonly code: string = 'chat_client_invalid_request'
}

// --- MCP (lib/core/mcp) ---

/** Starting, connecting to or initializing an MCP server failed. */
export class MCPConnectionException extends ToolException {
  override readonly code: string = 'mcp_connection_error'
}

/** An MCP option (task options, argument names, `_meta`) is invalid. */
export class MCPConfigurationError extends UserError {
  override readonly code: string = 'mcp_configuration_error'
}

// ---- agent core (tools, agents, middleware, sessions, testing) ----

/** A tool was defined with an invalid name, schema or option (raised by tool() / new FunctionTool). */
export class ToolDefinitionError extends UserError {
  override readonly code: string = 'tool_definition_error'
}

/** An Agent, middleware list or run option is misconfigured. */
export class AgentConfigurationError extends UserError {
  override readonly code: string = 'agent_configuration_error'
}

/** A session id cannot be mapped to a storage location inside the history directory. */
export class SessionPathError extends UserError {
  override readonly code: string = 'session_path_error'
}

/** A history store failed to read or write. */
export class HistoryProviderError extends SystemError {
  override readonly code: string = 'history_provider_error'
}

/** One line of a JSONL history file could not be read; the other lines still load. */
export class CorruptHistoryLineError extends HistoryProviderError {
  override readonly code: string = 'corrupt_history_line'
  readonly filePath: string
  readonly lineNumber: number

  constructor(filePath: string, lineNumber: number, problem: string) {
    super(`Corrupt history record at ${filePath}:${lineNumber}: ${problem}`)
    this.filePath = filePath
    this.lineNumber = lineNumber
  }
}

/** A ScriptedChatClient was called after its script ran out (or was left with unused steps). */
export class UnexpectedModelCallError extends SystemError {
  override readonly code: string = 'unexpected_model_call'
}

// ---- skills (lib/core/skills) ----

/** A skill, its frontmatter, a resource or a script breaks the Agent Skills rules (raised at construction). */
export class SkillValidationError extends UserError {
  override readonly code: string = 'skill_validation_error'
}

/** The rule a SKILL.md broke; discovery reports the file and skips it, the other skills still load. */
export type SkillFileRule =
  | 'unreadable'
  | 'symbolic_link'
  | 'missing_frontmatter'
  | 'invalid_yaml'
  | 'frontmatter_not_a_mapping'
  | 'invalid_field'
  | 'invalid_name'
  | 'invalid_description'
  | 'invalid_compatibility'
  | 'name_mismatch'
  | 'duplicate_name'

/** A SKILL.md could not be loaded: `filePath` names the file and `rule` the rule it broke. */
export class SkillFileError extends UserError {
  override readonly code: string = 'skill_file_error'
  readonly filePath: string
  readonly rule: SkillFileRule

  constructor(filePath: string, rule: SkillFileRule, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.filePath = filePath
    this.rule = rule
  }
}

/** A skill script could not run to completion (no runner, non-zero exit, timeout, too much output). */
export class SkillScriptError extends ToolExecutionException {
  override readonly code: string = 'skill_script_error'
}

// ---- file access (lib/core/harness) ----

/** A file-access path breaks the path rules (absolute, `.`/`..`, drive letter, symbolic link, outside the root). */
export class FileAccessPathError extends UserError {
  override readonly code: string = 'file_access_path_error'
}

/** A file operation cannot be done as asked (the file exists, an ambiguous replacement, a line out of range). */
export class FileAccessOperationError extends UserError {
  override readonly code: string = 'file_access_operation_error'
}

/** A write with overwrite off found the file already there (nothing was changed). */
export class FileAlreadyExistsError extends FileAccessOperationError {
  override readonly code: string = 'file_already_exists'
}

// ---- structured output (lib/core/structured-output) ----

/**
 * A reply to a request with a structured-output format is not JSON, or does not match the format's schema.
 * A system error: the model (not the caller) broke the contract. `problems` lists what did not match,
 * `text` keeps the whole reply.
 */
export class StructuredOutputError extends CoreError {
  readonly code = 'structured_output_error'
  readonly formatName: string
  readonly problems: readonly string[]
  readonly text: string

  constructor(message: string, details: { formatName: string; problems: readonly string[]; text: string; cause?: unknown }) {
    super(message, { cause: details.cause })
    this.formatName = details.formatName
    this.problems = details.problems
    this.text = details.text
  }
}
