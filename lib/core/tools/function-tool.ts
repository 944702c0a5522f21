/**
 * CONTRACT (owned by the agent-core work): the shape every tool the agent loop can call has.
 * MCP tools, skills and file access produce FunctionTools too, with
 * `new FunctionTool({ name, description, inputSchema, approvalMode, execute })`.
 *
 * A tool, what one call of it sees (FunctionInvocationContext) and what may offer tools
 * (ToolProvider) refer to one another — a call can add tools — so they live in this one module,
 * below middleware and the runner, which only import them.
 */
import { ToolDefinitionError } from '../errors'
import type { AgentSession } from '../sessions/agent-session'
import type { JSONSchema } from '../types'
import { decodeArguments, jsonSchemaArgumentsValidator, type ArgumentsResult, type ArgumentsValidator } from './arguments'

export type ApprovalMode = 'always_require' | 'never_require'

export interface FunctionInvocationOptions {
  signal?: AbortSignal
  /** Runtime keyword arguments from the invocation context (never chosen by the model). */
  kwargs?: Record<string, unknown>
  /** The id of the model's function call, when invoked by the agent loop. */
  callId?: string
  /** The invocation context, when invoked by the agent loop (e.g. for `context.addTools`). */
  context?: FunctionInvocationContext
}

/** Method syntax keeps tools with specific argument types assignable to FunctionTool (bivariant parameters). */
interface ExecuteFunction<TArgs, TResult> {
  execute(args: TArgs, options: FunctionInvocationOptions): Promise<TResult> | TResult
}

export interface FunctionToolInit<TArgs = Record<string, unknown>, TResult = unknown> {
  name: string
  description?: string
  /** JSON Schema of the arguments object. */
  inputSchema: JSONSchema
  approvalMode?: ApprovalMode
  execute: ExecuteFunction<TArgs, TResult>['execute']
  additionalProperties?: Record<string, unknown>
  /** Checks (and may normalise) decoded model arguments; defaults to validation against `inputSchema`. */
  validateArguments?: ArgumentsValidator<TArgs>
}

export class FunctionTool<TArgs = Record<string, unknown>, TResult = unknown> {
  readonly name: string
  readonly description: string
  readonly inputSchema: JSONSchema
  approvalMode: ApprovalMode
  additionalProperties: Record<string, unknown>
  private readonly executor: ExecuteFunction<TArgs, TResult>
  private readonly validator: ArgumentsValidator<TArgs>

  constructor(init: FunctionToolInit<TArgs, TResult>) {
    if (typeof init.name !== 'string' || init.name.trim() === '') {
      throw new ToolDefinitionError('A tool needs a non-empty name.')
    }
    if (typeof init.execute !== 'function') throw new ToolDefinitionError(`Tool "${init.name}" needs an execute function.`)
    if (typeof init.inputSchema !== 'object' || init.inputSchema === null || Array.isArray(init.inputSchema)) {
      throw new ToolDefinitionError(`Tool "${init.name}" needs an object JSON Schema as inputSchema.`)
    }
    if (init.approvalMode !== undefined && init.approvalMode !== 'always_require' && init.approvalMode !== 'never_require') {
      throw new ToolDefinitionError(`Tool "${init.name}" has an unknown approvalMode "${String(init.approvalMode)}".`)
    }
    this.name = init.name
    this.description = init.description ?? ''
    this.inputSchema = init.inputSchema
    this.approvalMode = init.approvalMode ?? 'never_require'
    this.additionalProperties = init.additionalProperties ?? {}
    this.executor = { execute: init.execute }
    this.validator = init.validateArguments ?? (jsonSchemaArgumentsValidator(init.inputSchema) as ArgumentsValidator<TArgs>)
  }

  /** JSON schema of the parameters, as sent to a model. */
  parameters(): JSONSchema {
    return this.inputSchema
  }

  /** Decodes and validates what a model sent (JSON text or an object); problems come back as values. */
  parseArguments(raw: unknown): ArgumentsResult<TArgs> {
    const decoded = decodeArguments(raw)
    return decoded.ok ? this.validator(decoded.value) : decoded
  }

  /** Runs the tool with already-validated arguments. */
  async invoke(args: TArgs, options: FunctionInvocationOptions = {}): Promise<TResult> {
    return this.executor.execute(args, options)
  }
}

export function isFunctionTool(value: unknown): value is FunctionTool {
  return value instanceof FunctionTool
}

/**
 * Anything that offers a (possibly changing) list of tools, e.g. an MCP server connection.
 * The agent reads `functions` at the start of every iteration, never caches it across runs.
 */
export interface ToolProvider {
  readonly functions: FunctionTool[]
}

/** What `Agent({ tools })` accepts. */
export type ToolLike = FunctionTool | ToolProvider

/** The run's live tool list as a tool call may change it (the runner's RunToolSet). */
export interface LiveToolList {
  readonly current: FunctionTool[]
  addTools(...tools: ToolLike[]): void
  removeTools(...tools: Array<FunctionTool | string>): void
}

export interface FunctionInvocationContextInit {
  function: FunctionTool
  arguments: Record<string, unknown>
  callId: string
  session?: AgentSession
  kwargs?: Record<string, unknown>
  metadata?: Record<string, unknown>
  toolSet?: LiveToolList
  signal?: AbortSignal
}

/** What function middleware and tools see of one tool call. */
export class FunctionInvocationContext {
  readonly function: FunctionTool
  /** Validated arguments; middleware may replace them before calling next(). */
  arguments: Record<string, unknown>
  readonly callId: string
  readonly session?: AgentSession
  kwargs: Record<string, unknown>
  metadata: Record<string, unknown>
  /** The tool's return value once it ran, or what a short-circuiting middleware set. */
  result: unknown
  readonly signal?: AbortSignal
  private readonly toolSet?: LiveToolList

  constructor(init: FunctionInvocationContextInit) {
    this.function = init.function
    this.arguments = init.arguments
    this.callId = init.callId
    this.session = init.session
    this.kwargs = init.kwargs ?? {}
    this.metadata = init.metadata ?? {}
    this.signal = init.signal
    this.toolSet = init.toolSet
    this.result = undefined
  }

  /** The tools offered in the current iteration. */
  get tools(): FunctionTool[] {
    return this.toolSet?.current ?? [this.function]
  }

  /** Offers more tools from the next model call of this run on. */
  addTools(...tools: ToolLike[]): void {
    this.toolSet?.addTools(...tools)
  }

  /** Withdraws tools from the next model call of this run on. */
  removeTools(...tools: Array<FunctionTool | string>): void {
    this.toolSet?.removeTools(...tools)
  }
}
