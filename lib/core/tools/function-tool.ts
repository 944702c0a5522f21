/**
 * CONTRACT (owned by the agent-core work, extended there): the shape every tool the agent
 * loop can call has. MCP tools, skills and file access produce FunctionTools too.
 */
export type ApprovalMode = 'always_require' | 'never_require'

export type JSONSchema = Record<string, unknown>

export interface FunctionInvocationOptions {
  signal?: AbortSignal
  /** Runtime keyword arguments from the invocation context (never chosen by the model). */
  kwargs?: Record<string, unknown>
}

export interface FunctionToolInit<TArgs = Record<string, unknown>, TResult = unknown> {
  name: string
  description?: string
  /** JSON Schema of the arguments object. */
  inputSchema: JSONSchema
  approvalMode?: ApprovalMode
  execute: (args: TArgs, options: FunctionInvocationOptions) => Promise<TResult> | TResult
  additionalProperties?: Record<string, unknown>
}

export class FunctionTool<TArgs = Record<string, unknown>, TResult = unknown> {
  readonly name: string
  readonly description: string
  readonly inputSchema: JSONSchema
  approvalMode: ApprovalMode
  additionalProperties: Record<string, unknown>
  private readonly executeFn: FunctionToolInit<TArgs, TResult>['execute']

  constructor(init: FunctionToolInit<TArgs, TResult>) {
    this.name = init.name
    this.description = init.description ?? ''
    this.inputSchema = init.inputSchema
    this.approvalMode = init.approvalMode ?? 'never_require'
    this.additionalProperties = init.additionalProperties ?? {}
    this.executeFn = init.execute
  }

  /** JSON schema of the parameters, as sent to a model. */
  parameters(): JSONSchema {
    return this.inputSchema
  }

  /** Runs the tool with already-validated arguments. */
  async invoke(args: TArgs, options: FunctionInvocationOptions = {}): Promise<TResult> {
    return this.executeFn(args, options)
  }
}
