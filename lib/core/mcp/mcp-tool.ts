import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  CallToolResultSchema,
  ErrorCode,
  McpError,
  type CallToolResult,
  type ElicitRequestParams,
  type ElicitResult,
  type GetPromptResult,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js'
import type { ZodType } from 'zod'
import { AbortError, CoreError, MCPConfigurationError, ToolExecutionException } from '../errors'
import type { FunctionTool } from '../tools/function-tool'
import { scopedSignal } from './request-signals'
import { ToolArgumentAllowlist } from './argument-allowlist'
import { BackgroundWork, ReloadScheduler } from './background-work'
import { openConnection, type MCPConnection, type OpenConnectionOptions } from './connection'
import { isConnectionLost, mcpErrorText } from './connection-errors'
import { answerElicitation } from './elicitation'
import { mcpFunctionTool } from './function-factory'
import { consoleLogger, type MCPLogger } from './logger'
import type { MCPMeta } from './meta'
import {
  DEFAULT_CLIENT_INFO,
  lostCallMessage,
  PROMPTS_NOT_LOADED,
  TOOLS_NOT_LOADED,
  type CallOptions,
  type MCPToolOptions,
  type ToolCallParams,
} from './mcp-tool-options'
import { normalizeToolNamePrefix } from './names'
import { activeTraceMeta, startMcpRequestSpan } from '../telemetry/mcp-spans'
import { telemetry } from '../telemetry/telemetry-settings'
import { CallContexts, inSpan } from '../telemetry/tracing'
import { PROGRESSIVE_DISCLOSURE_REQUIRES_LOAD_TOOLS, ProgressiveDisclosure } from './progressive-disclosure'
import { parsePromptResult } from './prompt-parsing'
import { errorTextOf, parseToolResult, type ToolResultParser } from './result-parsing'
import { SamplingGuard } from './sampling'
import { SerialQueue } from './serial-queue'
import { MCPTaskOptions } from './task-options'
import { runToolTask, TASK_CANCEL_TIMEOUT_MS, tryCancelTask, type SendOptions, type TaskSessionPort } from './task-lifecycle'
import { listPrompts, listTools, type ListingPort } from './tool-loading'
import { ToolRegistry, type FunctionSpec, type TaskSupport } from './tool-registry'

export type { CallOptions, MCPToolOptions } from './mcp-tool-options'

/**
 * Connects to one MCP server and exposes its tools (and prompts) as FunctionTools. Subclasses
 * supply the transport; everything else — lifecycle, allowlist, sampling, tasks — lives here.
 */
export abstract class MCPTool {
  readonly name: string
  readonly description: string
  readonly additionalProperties: Record<string, unknown>
  taskOptions: MCPTaskOptions
  protected readonly options: MCPToolOptions
  protected readonly logger: MCPLogger
  private connection: MCPConnection | undefined
  private connectionGeneration = 0
  private serverCapabilitiesValue: ServerCapabilities | undefined
  private readonly lifecycle = new SerialQueue()
  private readonly loads = new SerialQueue()
  private readonly registry: ToolRegistry
  /** Set with `useProgressiveDisclosure`: the agent then sees loader tools instead of every tool. */
  private readonly progressive: ProgressiveDisclosure | undefined
  private readonly allowlist: ToolArgumentAllowlist
  private readonly sampling: SamplingGuard
  /** The tools/call spans in flight: a sampling or elicitation request the server sends meanwhile is traced under one. */
  private readonly callContexts = new CallContexts()
  private readonly background = new BackgroundWork()
  private readonly reloads: ReloadScheduler
  private readonly toolResultParser: ToolResultParser
  private readonly defaultRequestOptions: { timeout: number } | undefined
  private pingAvailable = true
  private closedByUser = false

  constructor(options: MCPToolOptions) {
    if (options.useProgressiveDisclosure && options.loadTools === false) {
      throw new MCPConfigurationError(PROGRESSIVE_DISCLOSURE_REQUIRES_LOAD_TOOLS)
    }
    this.options = options
    this.name = options.name
    this.description = options.description ?? ''
    this.additionalProperties = options.additionalProperties ?? {}
    this.taskOptions = options.taskOptions ?? new MCPTaskOptions()
    this.logger = options.logger ?? consoleLogger
    this.toolResultParser = options.parseToolResults ?? parseToolResult
    this.defaultRequestOptions = options.requestTimeoutMs === undefined ? undefined : { timeout: options.requestTimeoutMs }
    this.allowlist = new ToolArgumentAllowlist(options.additionalToolArgumentNames)
    this.sampling = new SamplingGuard({
      serverName: options.name,
      client: options.client,
      approvalCallback: options.samplingApprovalCallback,
      maxTokens: options.samplingMaxTokens,
      maxRequests: options.samplingMaxRequests,
      logger: this.logger,
    })
    this.reloads = new ReloadScheduler({
      background: this.background,
      logger: this.logger,
      enabled: (kind) => (kind === 'tools' ? options.loadTools !== false : options.loadPrompts !== false),
      // Background work must not inherit the kwargs of a call whose stream carried the notification.
      reload: (kind, signal) => this.withRuntimeKwargs(undefined, () => (kind === 'tools' ? this.loadTools(signal) : this.loadPrompts(signal))),
    })
    const prefix = normalizeToolNamePrefix(options.toolNamePrefix)
    this.registry = new ToolRegistry({
      prefix,
      approvalMode: options.approvalMode,
      allowedTools: options.allowedTools,
      logger: this.logger,
      createFunction: (spec) => this.createFunction(spec),
    })
    this.progressive = options.useProgressiveDisclosure
      ? new ProgressiveDisclosure({
          prefix,
          alwaysLoad: options.alwaysLoad,
          catalog: () => this.registry.functions,
          onSurfaceChanged: () => this.options.onFunctionsChanged?.(this.functions),
        })
      : undefined
  }

  /** A fresh, unstarted transport for one connection attempt. */
  protected abstract createTransport(): Transport | Promise<Transport>

  /** How a transport that failed to start is reported. */
  protected describeStartFailure(error: unknown): string {
    return `Failed to connect to MCP server: ${error instanceof Error ? error.message : String(error)}`
  }

  /**
   * Opens one session. `resume` is set when reconnecting after a lost connection; the Streamable
   * HTTP tool then tries to continue the same server session (its tasks live there).
   */
  protected async openSession(_intent: { resume: boolean }): Promise<MCPConnection> {
    return this.openOn(await this.createTransport())
  }

  /** Starts a session on `transport` (continuing an existing one when `resume` is given). */
  protected openOn(transport: Transport, resume?: OpenConnectionOptions['resume']): Promise<MCPConnection> {
    return openConnection({
      clientInfo: this.options.clientInfo ?? DEFAULT_CLIENT_INFO,
      transport,
      handlers: this.connectionHandlers(),
      timeoutMs: this.options.requestTimeoutMs,
      describeStartFailure: (error) => this.describeStartFailure(error),
      resume,
    })
  }

  /**
   * The FunctionTools an Agent uses; a live list that reloads update. With progressive disclosure:
   * the loader tools plus the `alwaysLoad` tools and those load_tool added.
   */
  get functions(): FunctionTool[] {
    return this.progressive ? this.progressive.surface() : this.registry.functions
  }

  /**
   * Every tool of the server the agent may use (after `allowedTools`), loaded or not. Without
   * progressive disclosure this is `functions`; with it, what `load_tool` can add.
   */
  get availableFunctions(): readonly FunctionTool[] {
    return this.registry.functions
  }

  get isConnected(): boolean {
    return this.connection?.isOpen ?? false
  }

  get serverCapabilities(): ServerCapabilities | undefined {
    return this.serverCapabilitiesValue
  }

  /** The SDK client of the current session (for advanced use and benchmarks). */
  get sdkClient() {
    return this.connection?.client
  }

  /** Before a session is dropped; `final` when closing for good rather than reconnecting. */
  protected async onTeardown(_connection: MCPConnection, _final: boolean): Promise<void> {}

  /** Runs `work` with the runtime kwargs of the tool call it serves (`undefined`: none). */
  protected withRuntimeKwargs<T>(_kwargs: Readonly<Record<string, unknown>> | undefined, work: () => Promise<T>): Promise<T> {
    return work()
  }

  /** Connects (idempotent unless `reset`), then loads tools and prompts the server advertises. */
  async connect(options: { reset?: boolean } = {}): Promise<void> {
    this.closedByUser = false
    await this.lifecycle.run(() => this.establish(options.reset ?? false, false))
    const capabilities = this.serverCapabilitiesValue
    if (this.options.loadTools !== false && capabilities?.tools) await this.loadTools()
    if (this.options.loadPrompts !== false && capabilities?.prompts) await this.loadPrompts()
  }

  async close(): Promise<void> {
    this.closedByUser = true
    this.reloads.cancelAll()
    // Let best-effort tasks/cancel and aborted reloads finish first, outside the lifecycle queue
    // (a reload may itself be waiting in it), bounded like the cancels themselves.
    await this.background.settle(TASK_CANCEL_TIMEOUT_MS)
    await this.lifecycle.run(() => this.teardown(true))
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close()
  }

  async loadTools(signal?: AbortSignal): Promise<void> {
    await this.loads.run(async () => {
      const declared = await listTools(this.listingPort(), this.registry, signal)
      if (declared) this.allowlist.setDeclaredParameters(declared)
    })
    this.options.onFunctionsChanged?.(this.functions)
  }

  async loadPrompts(signal?: AbortSignal): Promise<void> {
    await this.loads.run(() => listPrompts(this.listingPort(), this.registry, signal))
    this.options.onFunctionsChanged?.(this.functions)
  }

  /**
   * Calls a remote tool (by remote or local name). Arguments pass the allowlist; `_meta` is
   * request metadata. Returns the CallToolResult; an `isError` result throws ToolExecutionException.
   */
  callTool(name: string, args: Record<string, unknown> = {}, options: CallOptions = {}): Promise<CallToolResult> {
    if (this.options.loadTools === false) return Promise.reject(new ToolExecutionException(TOOLS_NOT_LOADED))
    const remoteName = this.registry.resolveRemoteName(name)
    if (!telemetry.enabled) return this.sendCallTool(remoteName, args, options)
    return inSpan(startMcpRequestSpan('tools/call', remoteName, this.name), () => this.callContexts.track(() => this.sendCallTool(remoteName, args, options)))
  }

  private async sendCallTool(remoteName: string, args: Record<string, unknown>, options: CallOptions): Promise<CallToolResult> {
    // Read inside the request's span, so the server's spans continue this trace (as the reference's propagator does).
    const prepared = this.allowlist.prepare(remoteName, args, this.registry.toolMeta(remoteName), this.options.traceMetaProvider ?? activeTraceMeta)
    if (this.registry.taskSupport(remoteName) === 'required') {
      return runToolTask(this.taskPort(), {
        toolName: remoteName,
        arguments: prepared.arguments,
        meta: prepared.meta,
        options: this.taskOptions,
        signal: options.signal,
        onStatus: this.options.onTaskStatus,
        callId: options.callId,
      })
    }
    const params: ToolCallParams = prepared.meta
      ? { name: remoteName, arguments: prepared.arguments, _meta: prepared.meta }
      : { name: remoteName, arguments: prepared.arguments }
    const result = await this.sendToolCall(params, options.signal)
    if (result.isError) throw new ToolExecutionException(errorTextOf(result))
    return result
  }

  getPrompt(name: string, args: Record<string, string> = {}, options: CallOptions = {}): Promise<string> {
    if (this.options.loadPrompts === false) return Promise.reject(new ToolExecutionException(PROMPTS_NOT_LOADED))
    if (!telemetry.enabled) return this.sendGetPrompt(name, args, options)
    return inSpan(startMcpRequestSpan('prompts/get', name, this.name), () => this.sendGetPrompt(name, args, options))
  }

  private async sendGetPrompt(name: string, args: Record<string, string>, options: CallOptions): Promise<string> {
    const parser = this.options.parsePromptResults ?? parsePromptResult
    const result = await this.withOneReconnect(`Failed to call prompt '${name}' - connection lost.`, options.signal, (connection, signal) =>
      connection.client.getPrompt({ name, arguments: args }, this.requestOptions(signal)),
    )
    return parser(result as GetPromptResult)
  }

  /** `execution.taskSupport` a remote tool declared in the last listing (undefined when it declared none). */
  toolTaskSupport(remoteName: string): TaskSupport | undefined {
    return this.registry.taskSupport(remoteName)
  }

  /**
   * Asks the server to cancel a long-running task (e.g. from a UI's Cancel button). Best effort, as
   * in the reference: a failure is logged, never thrown; the result says whether the server accepted.
   */
  cancelTask(taskId: string): Promise<boolean> {
    return tryCancelTask(this.taskPort(), taskId)
  }

  /**
   * The hot path: one request on the live connection, no extra allocations; a failure goes to the
   * recovery path (reconnect once on a lost connection, then retry).
   */
  private sendToolCall(params: ToolCallParams, signal: AbortSignal | undefined): Promise<CallToolResult> {
    const connection = this.connection
    if (!connection || signal) {
      return this.withOneReconnect(lostCallMessage(params.name), signal, (live, scoped) =>
        live.client.callTool(params, CallToolResultSchema, this.requestOptions(scoped)),
      ) as Promise<CallToolResult>
    }
    const generation = this.connectionGeneration
    const request = connection.client.callTool(params, CallToolResultSchema, this.defaultRequestOptions) as Promise<CallToolResult>
    return request.catch(async (error: unknown) => {
      await this.recoverOrThrow(error, undefined, generation, lostCallMessage(params.name), 0)
      return this.withOneReconnect(
        lostCallMessage(params.name),
        undefined,
        (live) => live.client.callTool(params, CallToolResultSchema, this.defaultRequestOptions),
        1,
      ) as Promise<CallToolResult>
    })
  }

  /** Runs one request; on a lost connection reconnects once and retries. */
  private async withOneReconnect<T>(
    lostMessage: string,
    signal: AbortSignal | undefined,
    request: (connection: MCPConnection, signal: AbortSignal | undefined) => Promise<T>,
    firstAttempt = 0,
  ): Promise<T> {
    for (let attempt = firstAttempt; ; attempt += 1) {
      const generation = this.connectionGeneration
      const scoped = scopedSignal(signal)
      try {
        return await request(this.requireConnection(), scoped.signal)
      } catch (error) {
        await this.recoverOrThrow(error, signal, generation, lostMessage, attempt)
      } finally {
        scoped.dispose()
      }
    }
  }

  /** Throws the caller-facing error for a failed request, or reconnects so it can be retried once. */
  private async recoverOrThrow(error: unknown, signal: AbortSignal | undefined, generation: number, lostMessage: string, attempt: number): Promise<void> {
    if (signal?.aborted) throw new AbortError()
    if (error instanceof CoreError) throw error
    if (!isConnectionLost(error)) {
      if (error instanceof McpError) throw new ToolExecutionException(mcpErrorText(error), { cause: error })
      throw new ToolExecutionException(lostMessage.replace(/ - connection lost\.$/, '.'), { cause: error })
    }
    if (attempt > 0) throw new ToolExecutionException(lostMessage, { cause: error })
    this.logger.info('MCP connection closed or terminated unexpectedly. Reconnecting...')
    try {
      await this.reconnect(generation)
    } catch (reconnectError) {
      throw new ToolExecutionException('Failed to reconnect to MCP server.', { cause: reconnectError })
    }
  }

  private requestOptions(signal: AbortSignal | undefined): { signal?: AbortSignal; timeout?: number } | undefined {
    const timeout = this.options.requestTimeoutMs
    if (!signal && timeout === undefined) return undefined
    return timeout === undefined ? { signal } : { signal, timeout }
  }

  private requireConnection(): MCPConnection {
    if (this.connection) return this.connection
    if (this.connectionGeneration === 0 || this.closedByUser) {
      throw new ToolExecutionException(`MCP server '${this.name}' is not connected; call connect() first.`)
    }
    // A session that was lost and not re-established: callers treat this as a lost connection.
    throw new McpError(ErrorCode.ConnectionClosed, 'Not connected')
  }

  /** Reconnects (`connect({ reset: true })`) unless someone already did since `staleGeneration`. */
  private async reconnect(staleGeneration: number): Promise<void> {
    let reconnected = false
    await this.lifecycle.run(async () => {
      if (this.connectionGeneration !== staleGeneration && this.connection?.isOpen) return
      await this.establish(true, true)
      reconnected = true
    })
    if (!reconnected) return
    const capabilities = this.serverCapabilitiesValue
    if (this.options.loadTools !== false && capabilities?.tools) await this.loadTools()
    if (this.options.loadPrompts !== false && capabilities?.prompts) await this.loadPrompts()
  }

  /** Reconnect used while listing: no reload (the listing in progress is the reload). */
  private async reconnectWithoutLoading(staleGeneration: number): Promise<void> {
    await this.lifecycle.run(async () => {
      if (this.connectionGeneration !== staleGeneration && this.connection?.isOpen) return
      await this.establish(true, true)
    })
  }

  private async establish(reset: boolean, resume: boolean): Promise<void> {
    if (!reset && this.connection?.isOpen) return
    await this.teardown(false)
    const connection = await this.openSession({ resume })
    this.connection = connection
    this.connectionGeneration += 1
    if (connection.serverCapabilities !== undefined) this.serverCapabilitiesValue = connection.serverCapabilities
  }

  private async teardown(final: boolean): Promise<void> {
    const connection = this.connection
    this.connection = undefined
    this.resetSessionState()
    if (!connection) return
    await this.onTeardown(connection, final).catch(() => {})
    await connection.close().catch(() => {})
  }

  /** Run on reconnect and close: the sampling counter and the ping flag start over. */
  protected resetSessionState(): void {
    this.sampling.reset()
    this.pingAvailable = true
  }

  private connectionHandlers() {
    const elicitation = this.options.elicitationCallback
    return {
      sampling: (params: Parameters<SamplingGuard['handle']>[0], signal: AbortSignal) => this.callContexts.within(() => this.sampling.handle(params, signal)),
      declareSampling: this.options.client !== undefined,
      elicitation: elicitation
        ? (params: ElicitRequestParams, signal: AbortSignal): Promise<ElicitResult> =>
            this.callContexts.within(() => answerElicitation(elicitation, params, { serverName: this.name, signal }, this.logger))
        : undefined,
      onToolListChanged: () => this.reloads.schedule('tools'),
      onPromptListChanged: () => this.reloads.schedule('prompts'),
      onClosed: () => {},
    }
  }

  private listingPort(): ListingPort {
    return {
      logger: this.logger,
      connection: () => this.requireConnection(),
      generation: () => this.connectionGeneration,
      reconnectWithoutLoading: (generation) => this.reconnectWithoutLoading(generation),
      pingAvailable: () => this.pingAvailable,
      disablePing: () => {
        this.pingAvailable = false
      },
      requestOptions: (signal) => this.requestOptions(signal),
    }
  }

  private taskPort(): TaskSessionPort {
    const generation = () => this.connectionGeneration
    return {
      get generation() {
        return generation()
      },
      serverName: this.name,
      logger: this.logger,
      send: <T>(method: string, params: Record<string, unknown>, schema: ZodType<T>, options: SendOptions = {}) =>
        this.sendRaw(method, params, schema, options),
      reconnect: (generation: number) => this.reconnect(generation),
      plainCall: (toolName, args, meta, signal) => this.plainTaskFallback(toolName, args, meta, signal),
      track: (work) => this.background.track(work),
    }
  }

  private async sendRaw<T>(method: string, params: Record<string, unknown>, schema: ZodType<T>, options: SendOptions): Promise<T> {
    const connection = this.requireConnection()
    const scoped = scopedSignal(options.signal)
    try {
      const timeout = options.timeoutMs ?? this.options.requestTimeoutMs
      const requestOptions = {
        signal: scoped.signal,
        ...(timeout === undefined ? {} : { timeout }),
        ...(options.onprogress ? { onprogress: options.onprogress } : {}),
      }
      return (await connection.client.request({ method, params } as never, schema as never, requestOptions)) as T
    } finally {
      scoped.dispose()
    }
  }

  /** Plain tools/call for servers that reject the task field (the SDK's callTool refuses task-required tools). */
  private plainTaskFallback(
    toolName: string,
    args: Record<string, unknown>,
    meta: MCPMeta | undefined,
    signal: AbortSignal | undefined,
  ): Promise<CallToolResult> {
    const params: Record<string, unknown> = { name: toolName, arguments: args }
    if (meta) params._meta = meta
    return this.withOneReconnect(lostCallMessage(toolName), signal, (_connection, scoped) =>
      this.sendRaw('tools/call', params, CallToolResultSchema as unknown as ZodType<CallToolResult>, { signal: scoped }),
    )
  }

  private createFunction(spec: FunctionSpec): FunctionTool {
    return mcpFunctionTool(spec, this.name, {
      callTool: async (remoteName, args, kwargs, call) =>
        this.toolResultParser(await this.withRuntimeKwargs(kwargs, () => this.callTool(remoteName, args, call))),
      getPrompt: (remoteName, args, signal) => this.getPrompt(remoteName, args, { signal }),
    })
  }
}
