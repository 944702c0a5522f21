import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  CallToolResultSchema,
  McpError,
  type CallToolResult,
  type ElicitRequestParams,
  type ElicitResult,
  type GetPromptResult,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js'
import type { ZodType } from 'zod'
import type { ChatClient } from '../clients/chat-client'
import { AbortError, ToolExecutionException } from '../errors'
import { FunctionTool } from '../tools/function-tool'
import { scopedSignal } from './abort'
import { mergeInvocationArguments, ToolArgumentAllowlist, type AdditionalToolArgumentNames, type TraceMetaProvider } from './argument-allowlist'
import { openConnection, type MCPConnection, type OpenConnectionOptions } from './connection'
import { isConnectionLost } from './connection-errors'
import { answerElicitation, type ElicitationCallback } from './elicitation'
import { consoleLogger, type MCPLogger } from './logger'
import type { MCPMeta } from './meta'
import { normalizeToolNamePrefix } from './names'
import { listPrompts, listTools, type ListingPort } from './tool-loading'
import { parsePromptResult, type PromptResultParser } from './prompt-parsing'
import { parseToolResult, errorTextOf, type ToolResultParser } from './result-parsing'
import { SamplingGuard, type SamplingApprovalCallback } from './sampling'
import { MCPTaskOptions } from './task-options'
import { runToolTask, tryCancelTask, type MCPTaskStatusEvent, type SendOptions, type TaskSessionPort } from './task-lifecycle'
import { MCP_NORMALIZED_NAME_KEY, MCP_REMOTE_NAME_KEY, ToolRegistry, type FunctionSpec, type MCPApprovalMode, type TaskSupport } from './tool-registry'

export interface MCPToolOptions {
  name: string
  description?: string
  toolNamePrefix?: string
  approvalMode?: MCPApprovalMode
  /** Undefined exposes every tool; `[]` exposes none. */
  allowedTools?: readonly string[]
  loadTools?: boolean
  loadPrompts?: boolean
  parseToolResults?: ToolResultParser
  parsePromptResults?: PromptResultParser
  /** Timeout of each request to the server (the SDK's default is 60 s). */
  requestTimeoutMs?: number
  /** The chat client that answers the server's sampling requests. */
  client?: ChatClient
  samplingApprovalCallback?: SamplingApprovalCallback
  /** `null` disables the cap. Default 4096. */
  samplingMaxTokens?: number | null
  /** `null` disables the limit. Default 25 per session. */
  samplingMaxRequests?: number | null
  taskOptions?: MCPTaskOptions
  /** Called on every observed status change of a long-running task (for progress and Cancel in a UI). */
  onTaskStatus?: (event: MCPTaskStatusEvent) => void
  additionalToolArgumentNames?: AdditionalToolArgumentNames
  elicitationCallback?: ElicitationCallback
  /** Adds trace-context keys to each tools/call `_meta` (e.g. from an OpenTelemetry propagator). */
  traceMetaProvider?: TraceMetaProvider
  /** Called after a (re)load changed `functions`. */
  onFunctionsChanged?: (functions: FunctionTool[]) => void
  logger?: MCPLogger
  clientInfo?: { name: string; version: string }
  additionalProperties?: Record<string, unknown>
}

export interface CallOptions {
  signal?: AbortSignal
}

const DEFAULT_CLIENT_INFO = { name: 'agentloom', version: '0.1.0' }
const TOOLS_NOT_LOADED = 'Tools are not loaded for this server, please set loadTools: true in the constructor.'
const PROMPTS_NOT_LOADED = 'Prompts are not loaded for this server, please set loadPrompts: true in the constructor.'

function mcpErrorText(error: McpError): string {
  return error.message.replace(/^MCP error -?\d+: /, '')
}

/** Serializes async sections (connect/close; tool loads) without blocking other work. */
class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve()
  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.tail.then(work, work)
    this.tail = next.catch(() => {})
    return next
  }
}

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
  private readonly allowlist: ToolArgumentAllowlist
  private readonly sampling: SamplingGuard
  private readonly pendingReloads = new Map<'tools' | 'prompts', AbortController>()
  private readonly background = new Set<Promise<unknown>>()
  private readonly toolResultParser: ToolResultParser
  private pingAvailable = true

  constructor(options: MCPToolOptions) {
    this.options = options
    this.name = options.name
    this.description = options.description ?? ''
    this.additionalProperties = options.additionalProperties ?? {}
    this.taskOptions = options.taskOptions ?? new MCPTaskOptions()
    this.logger = options.logger ?? consoleLogger
    this.toolResultParser = options.parseToolResults ?? parseToolResult
    this.allowlist = new ToolArgumentAllowlist(options.additionalToolArgumentNames)
    this.sampling = new SamplingGuard({
      serverName: options.name,
      client: options.client,
      approvalCallback: options.samplingApprovalCallback,
      maxTokens: options.samplingMaxTokens,
      maxRequests: options.samplingMaxRequests,
      logger: this.logger,
    })
    this.registry = new ToolRegistry({
      prefix: normalizeToolNamePrefix(options.toolNamePrefix),
      approvalMode: options.approvalMode,
      allowedTools: options.allowedTools,
      logger: this.logger,
      createFunction: (spec) => this.createFunction(spec),
    })
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

  /** The FunctionTools an Agent uses; a live list that reloads update. */
  get functions(): FunctionTool[] {
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
    await this.lifecycle.run(() => this.establish(options.reset ?? false, false))
    const capabilities = this.serverCapabilitiesValue
    if (this.options.loadTools !== false && capabilities?.tools) await this.loadTools()
    if (this.options.loadPrompts !== false && capabilities?.prompts) await this.loadPrompts()
  }

  async close(): Promise<void> {
    for (const controller of this.pendingReloads.values()) controller.abort()
    this.pendingReloads.clear()
    await this.lifecycle.run(async () => {
      await Promise.allSettled([...this.background])
      await this.teardown(true)
    })
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
  async callTool(name: string, args: Record<string, unknown> = {}, options: CallOptions = {}): Promise<CallToolResult> {
    if (this.options.loadTools === false) throw new ToolExecutionException(TOOLS_NOT_LOADED)
    const remoteName = this.registry.resolveRemoteName(name)
    const prepared = this.allowlist.prepare(remoteName, args, this.registry.toolMeta(remoteName), this.options.traceMetaProvider)
    if (this.registry.taskSupport(remoteName) === 'required') {
      return runToolTask(this.taskPort(), {
        toolName: remoteName,
        arguments: prepared.arguments,
        meta: prepared.meta,
        options: this.taskOptions,
        signal: options.signal,
        onStatus: this.options.onTaskStatus,
      })
    }
    return this.callWithOneReconnect(remoteName, prepared.arguments, prepared.meta, options.signal)
  }

  async getPrompt(name: string, args: Record<string, string> = {}, options: CallOptions = {}): Promise<string> {
    if (this.options.loadPrompts === false) throw new ToolExecutionException(PROMPTS_NOT_LOADED)
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

  /** Asks the server to cancel a long-running task (e.g. from a UI's Cancel button). */
  async cancelTask(taskId: string): Promise<void> {
    await tryCancelTask(this.taskPort(), taskId)
  }

  private async callWithOneReconnect(
    toolName: string,
    args: Record<string, unknown>,
    meta: MCPMeta | undefined,
    signal: AbortSignal | undefined,
  ): Promise<CallToolResult> {
    const params = meta ? { name: toolName, arguments: args, _meta: meta } : { name: toolName, arguments: args }
    const result = (await this.withOneReconnect(`Failed to call tool '${toolName}' - connection lost.`, signal, (connection, scoped) =>
      connection.client.callTool(params, CallToolResultSchema, this.requestOptions(scoped)),
    )) as CallToolResult
    if (result.isError) throw new ToolExecutionException(errorTextOf(result))
    return result
  }

  /** Runs one request; on a lost connection reconnects once and retries. */
  private async withOneReconnect<T>(
    lostMessage: string,
    signal: AbortSignal | undefined,
    request: (connection: MCPConnection, signal: AbortSignal | undefined) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const connection = this.requireConnection()
      const generation = this.connectionGeneration
      const scoped = scopedSignal(signal)
      try {
        return await request(connection, scoped.signal)
      } catch (error) {
        if (signal?.aborted) throw new AbortError()
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
      } finally {
        scoped.dispose()
      }
    }
  }

  private requestOptions(signal: AbortSignal | undefined): { signal?: AbortSignal; timeout?: number } | undefined {
    const timeout = this.options.requestTimeoutMs
    if (!signal && timeout === undefined) return undefined
    return timeout === undefined ? { signal } : { signal, timeout }
  }

  private requireConnection(): MCPConnection {
    if (!this.connection) throw new ToolExecutionException(`MCP server '${this.name}' is not connected; call connect() first.`)
    return this.connection
  }

  /** Reconnects (`connect({ reset: true })`) unless someone already did since `staleGeneration`. */
  async reconnect(staleGeneration: number): Promise<void> {
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
      sampling: (params: Parameters<SamplingGuard['handle']>[0], signal: AbortSignal) => this.sampling.handle(params, signal),
      declareSampling: this.options.client !== undefined,
      elicitation: elicitation
        ? (params: ElicitRequestParams, signal: AbortSignal): Promise<ElicitResult> =>
            answerElicitation(elicitation, params, { serverName: this.name, signal }, this.logger)
        : undefined,
      onToolListChanged: () => this.scheduleReload('tools'),
      onPromptListChanged: () => this.scheduleReload('prompts'),
      onClosed: () => {},
    }
  }

  /**
   * Reloads run in the background: awaiting a request inside the SDK's message handler would
   * deadlock the receive path. A newer notification cancels and replaces a pending reload.
   */
  private scheduleReload(kind: 'tools' | 'prompts'): void {
    if (kind === 'tools' && this.options.loadTools === false) return
    if (kind === 'prompts' && this.options.loadPrompts === false) return
    this.pendingReloads.get(kind)?.abort()
    const controller = new AbortController()
    this.pendingReloads.set(kind, controller)
    // A reload is background work: it must not inherit the kwargs of a call whose stream carried the notification.
    const reload = this.withRuntimeKwargs(undefined, () =>
      kind === 'tools' ? this.loadTools(controller.signal) : this.loadPrompts(controller.signal),
    )
    const tracked = reload
      .catch(() => {
        if (!controller.signal.aborted) this.logger.warn('Background MCP reload failed')
      })
      .finally(() => {
        if (this.pendingReloads.get(kind) === controller) this.pendingReloads.delete(kind)
      })
    this.trackBackground(tracked)
  }

  private trackBackground(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      () => undefined,
    )
    this.background.add(settled)
    void settled.then(() => this.background.delete(settled))
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
    const owner = this
    return {
      get generation() {
        return owner.connectionGeneration
      },
      serverName: this.name,
      logger: this.logger,
      send: <T>(method: string, params: Record<string, unknown>, schema: ZodType<T>, options: SendOptions = {}) =>
        this.sendRaw(method, params, schema, options),
      reconnect: (generation: number) => this.reconnect(generation),
      plainCall: (toolName, args, meta, signal) => this.plainTaskFallback(toolName, args, meta, signal),
      track: (work) => this.trackBackground(work),
    }
  }

  private async sendRaw<T>(method: string, params: Record<string, unknown>, schema: ZodType<T>, options: SendOptions): Promise<T> {
    const connection = this.requireConnection()
    const scoped = scopedSignal(options.signal)
    try {
      const timeout = options.timeoutMs ?? this.options.requestTimeoutMs
      const requestOptions = timeout === undefined ? { signal: scoped.signal } : { signal: scoped.signal, timeout }
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
    return this.withOneReconnect(`Failed to call tool '${toolName}' - connection lost.`, signal, (_connection, scoped) =>
      this.sendRaw('tools/call', params, CallToolResultSchema as unknown as ZodType<CallToolResult>, { signal: scoped }),
    )
  }

  private createFunction(spec: FunctionSpec): FunctionTool {
    const additionalProperties = {
      [MCP_REMOTE_NAME_KEY]: spec.remoteName,
      [MCP_NORMALIZED_NAME_KEY]: spec.normalizedName,
      mcpKind: spec.kind,
      mcpServerName: this.name,
    }
    const execute =
      spec.kind === 'tool'
        ? async (args: Record<string, unknown>, { signal, kwargs }: { signal?: AbortSignal; kwargs?: Record<string, unknown> }) =>
            this.toolResultParser(
              await this.withRuntimeKwargs(kwargs ?? {}, () =>
                this.callTool(spec.remoteName, mergeInvocationArguments(args, kwargs), { signal }),
              ),
            )
        : async (args: Record<string, unknown>, { signal }: { signal?: AbortSignal }) =>
            this.getPrompt(spec.remoteName, stringArguments(args), { signal })
    return new FunctionTool({
      name: spec.localName,
      description: spec.description,
      inputSchema: spec.inputSchema,
      approvalMode: spec.approvalMode,
      additionalProperties,
      execute,
    })
  }
}

function stringArguments(args: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [key, value] of Object.entries(args)) {
    if (value !== undefined && value !== null) result[key] = typeof value === 'string' ? value : JSON.stringify(value)
  }
  return result
}
