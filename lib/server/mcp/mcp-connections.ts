/**
 * Connects the MCP servers a run's agents reference, with sampling answered by a person through
 * the approvals broker, and closes them when the run ends. A server that shares its connection
 * (`shareConnection`) is leased from the process's pool instead (mcp-connection-pool.ts) and given
 * back when the run ends: that connection belongs to no run, so it offers the server neither
 * sampling nor elicitation, and it reports task statuses to whichever run made the call
 * (mcp-run-scope.ts).
 *
 * Timeouts: a tool call may wait while its server waits for a person to approve a sampling
 * request, so requests to servers may take as long as an approval may (plus a margin), not the
 * SDK's default 60 s. Connecting stays bounded by MCP_CONNECT_TIMEOUT_MS (mcp-connect-attempt.ts): nobody approves anything
 * before a server has answered `initialize`.
 *
 * Long-running tasks: every status change a tool observes becomes an `mcp_task_status` run event,
 * and live tasks are registered so that a person's Cancel reaches them (mcp-task-*.ts).
 */
import { isAbsolute, join } from 'node:path'
import type { ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import {
  MCPStdioTool,
  MCPTaskOptions,
  MCPStreamableHTTPTool,
  MCPWebSocketTool,
  UserError,
  type ChatClient,
  type ElicitationContext,
  type MCPTool,
  type MCPToolOptions,
} from '@/lib/core'
import type { AppContext } from '../app-context'
import { connectWithin } from './mcp-connect-attempt'
import type { McpConnectionLease } from './mcp-connection-pool'
import { statusesToCallingRun } from './mcp-run-scope'
import { APPROVAL_TIMEOUT_MS, MAX_TIMER_MS } from '../approvals/approval-timeout'
import type { RunEventData } from '@/lib/contracts/run-events'
import type { NameOwner } from '../auth/name-owner'
import { resolveMcpServers } from './mcp-server-lookup'
import type { Prisma } from '../db/database'
import { stdioConfigSchema } from '@/lib/contracts/mcp-servers'
import { McpServerRegistry, type McpServerConfig } from './mcp-server-registry'
import { SecretRedactor } from '../secrets/redaction'
import { NO_URL_SECRETS } from '../secrets/url-secrets'
import { serverSecretValues } from './mcp-server-secrets'
import { redactedStderrLog } from './mcp-stderr'
import { recordTaskStatuses, type TaskStatusSink } from './mcp-task-events'
import { samplingApprovalCallbackFor } from './mcp-sampling-policy'
import { assertStdioCommandAllowed } from './stdio-policy'
import { OutboundPolicy } from '../outbound/outbound-policy'
import { pinnedFetch, pinnedWebSocket } from '../outbound/pinned-connection'

/** Beyond the approval itself: the model's completion and the server's own work. */
const REQUEST_TIMEOUT_MARGIN_MS = 60_000

export const SAMPLING_MAX_TOKENS = 4096

/** The timeout of each request to a server: long enough for an approval its server waits for. */
export function mcpRequestTimeoutMs(approvalTimeoutMs: number = APPROVAL_TIMEOUT_MS): number {
  return Math.min(approvalTimeoutMs + REQUEST_TIMEOUT_MARGIN_MS, MAX_TIMER_MS)
}

/** What a tool for one server needs (a run's, or a connection test's). */
export interface McpToolContext {
  app: AppContext
  runId: string
  /** Answers the servers' sampling requests once a person approves them. */
  samplingClient: ChatClient
  signal: AbortSignal
  /** Default: mcpRequestTimeoutMs(). */
  requestTimeoutMs?: number
  /** Default: MCP_CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number
  /** Where task statuses go (the run's recorder); default: straight to the run's log. */
  taskStatusSink?: TaskStatusSink
}

export interface RunMcpContext extends McpToolContext {
  /**
   * Whose server ids the run's document names: its owner's (auth/name-owner.ts). An id that owner has
   * no server of is reported as not found and never started.
   */
  nameOwner: NameOwner
}

/** A server's working directory: relative paths are taken from the app's directory. */
function resolveCwd(cwd: string | undefined): string {
  if (!cwd) return process.cwd()
  return isAbsolute(cwd) ? cwd : join(/*turbopackIgnore: true*/ process.cwd(), cwd)
}

/** What closing a run's tool must also undo: its live tasks can no longer be cancelled through it. */
const forgetTasksOnClose = new WeakMap<MCPTool, () => void>()

/** What every tool for a server has, whether it serves one run or is shared by many. */
function commonToolOptions(server: McpServerConfig, requestTimeoutMs: number | undefined) {
  const { allowedTools, additionalArgumentNames, tasks } = server.settings
  return {
    name: server.id,
    description: server.name,
    // Tools from several servers meet in one agent: `research-assistant_summarize_topic`.
    toolNamePrefix: server.id,
    requestTimeoutMs: requestTimeoutMs ?? mcpRequestTimeoutMs(),
    allowedTools: allowedTools ?? undefined,
    // lib/core's mapping form: '*' for every tool (tool names cannot contain '*').
    additionalToolArgumentNames: { '*': additionalArgumentNames.global, ...additionalArgumentNames.perTool },
    taskOptions: new MCPTaskOptions({ defaultTtlMs: tasks.defaultTtlMs, pollIntervalMs: tasks.pollIntervalMs, maxTaskWaitMs: tasks.maxWaitMs }),
  }
}

/** Whether runs share one connection to the server (never one that loads tools on demand: what one run loaded, the next would see). */
function sharesConnection(server: McpServerConfig): boolean {
  return server.shareConnection && !server.loadToolsOnDemand
}

/**
 * The tool runs share: no run's callbacks, so the server is told at `initialize` that this client
 * answers neither sampling nor elicitation (its requests are refused), and task statuses go to the
 * run making the call.
 */
function createSharedMcpTool(server: McpServerConfig, app: AppContext, requestTimeoutMs?: number): MCPTool {
  const tool: MCPTool = constructTool(server, { ...commonToolOptions(server, requestTimeoutMs), onTaskStatus: statusesToCallingRun(server, () => tool) }, app)
  return tool
}

export function createMcpTool(server: McpServerConfig, context: McpToolContext): MCPTool {
  const options = {
    ...commonToolOptions(server, context.requestTimeoutMs),
    // On demand: the agent sees `<id>_list_mcp_tools`, `<id>_load_tool` and `<id>_unload_tool` and
    // loads what it needs, so a server with many tools does not fill the model's context.
    useProgressiveDisclosure: server.loadToolsOnDemand,
    client: context.samplingClient,
    samplingMaxTokens: SAMPLING_MAX_TOKENS,
    // A server asking the person for information: a form in the browser, answered like any approval.
    elicitationCallback: async (params: ElicitRequestParams, { serverName, signal }: ElicitationContext): Promise<ElicitResult> => {
      const form = params as { mode?: string; message?: string; requestedSchema?: unknown }
      if (form.mode === 'url') return { action: 'decline' } // URL-mode elicitation is not offered in the browser yet
      const decision = await context.app.approvals.request({
        runId: context.runId,
        kind: 'elicitation',
        source: serverName,
        title: `${server.name} asks for information`,
        payload: { serverName, message: form.message ?? '', requestedSchema: form.requestedSchema ?? {} },
        timeoutMs: APPROVAL_TIMEOUT_MS,
        signal: AbortSignal.any([context.signal, signal]),
      })
      if (!decision.approved) return { action: decision.status === 'expired' ? 'cancel' : 'decline' }
      return { action: 'accept', content: (decision.response.content ?? {}) as ElicitResult['content'] }
    },
    // Refused, approved within the server's caps, or put to a person, by the server's sampling policy.
    samplingApprovalCallback: samplingApprovalCallbackFor(server, {
      approvals: context.app.approvals,
      runId: context.runId,
      signal: context.signal,
      timeoutMs: APPROVAL_TIMEOUT_MS,
      maxTokensCap: SAMPLING_MAX_TOKENS,
    }),
    // Progress of long-running tasks, as run events; live tasks become cancellable from the browser.
    onTaskStatus: recordTaskStatuses({
      app: context.app,
      runId: context.runId,
      server,
      signal: context.signal,
      tool: () => tool,
      sink: context.taskStatusSink,
    }),
  }
  const tool = constructTool(server, options, context.app)
  forgetTasksOnClose.set(tool, () => context.app.mcpTasks.forgetTool(context.runId, tool))
  return tool
}

function constructTool(server: McpServerConfig, shared: MCPToolOptions, app: AppContext): MCPTool {
  if (server.transport === 'stdio') {
    // Every path that spawns a server comes through here: the deployment's settings apply to all.
    assertStdioCommandAllowed(server.id, server.config.command)
    return new MCPStdioTool({
      ...shared,
      // `node` means this very Node, whatever PATH says.
      command: server.config.command === 'node' ? process.execPath : server.config.command,
      args: server.config.args,
      cwd: resolveCwd(server.config.cwd),
      env: server.secrets.env,
      // A server may print its environment: its stderr reaches the log only with secrets cut out.
      onStderr: serverStderrLog(server, app).write,
    })
  }
  // An admin's server connects as it always did; anyone else's only where the outbound policy allows, at the address it checked.
  const outbound = server.ownerIsAdmin ? undefined : outboundPolicyOf(app)
  if (server.transport === 'http') {
    return new MCPStreamableHTTPTool({
      ...shared,
      url: server.config.url,
      headers: server.secrets.headers,
      ...(outbound ? { fetch: pinnedFetch(outbound) } : {}),
    })
  }
  return new MCPWebSocketTool({
    ...shared,
    url: server.config.url,
    headers: server.secrets.headers,
    ...(outbound ? { connectionGuard: pinnedWebSocket(outbound) } : {}),
  })
}

let environmentPolicy: OutboundPolicy | undefined

/** The app's policy; a stand-in app (a connection test called on its own) gets the environment's. */
function outboundPolicyOf(app: AppContext): OutboundPolicy {
  const own = (app as Partial<AppContext>).outbound
  if (own) return own
  environmentPolicy ??= OutboundPolicy.fromEnv()
  return environmentPolicy
}

/**
 * The server's own secrets are always cut out; the installation's too when the context has them (a
 * probe's may not): stderr goes to the host's log, not to a member's data (secret-vault.ts).
 */
function serverStderrLog(server: McpServerConfig, app: AppContext) {
  const own = new SecretRedactor(serverSecretValues({ ...server.secrets, url: NO_URL_SECRETS }))
  const installation = (app as Partial<AppContext>).secrets
  return redactedStderrLog({
    serverId: server.id,
    redact: async (text) => (installation ? (await installation.installationRedactor()).redact(own.redact(text)) : own.redact(text)),
  })
}

/** A server a workflow refers to does not exist, or belongs to someone the run's owner cannot act for. */
export class McpServerNotFoundError extends UserError {
  override readonly code = 'mcp_server_not_found'
}

/** A server a workflow refers to was switched off. */
export class McpServerDisabledError extends UserError {
  override readonly code = 'mcp_server_disabled'
}

/**
 * What the run's log says of a connected server: the tools the agent is offered and, when the
 * server loads tools on demand, the ones it can load (the log would otherwise list only the loaders).
 */
function connectedEventData(serverId: string, tool: MCPTool, onDemand: boolean): RunEventData<'mcp_connected'> {
  const tools = tool.functions.map((f) => f.name)
  if (!onDemand) return { serverId, tools }
  const offered = new Set(tools)
  return { serverId, tools, onDemandTools: tool.availableFunctions.map((f) => f.name).filter((name) => !offered.has(name)) }
}

/**
 * Before anything is started: every server must exist within the owner's scope (others' servers
 * get the same message as missing ones), be enabled, and — for stdio — be allowed to start by
 * the deployment's settings now (AGENTLOOM_STDIO_MCP, AGENTLOOM_STDIO_COMMANDS).
 */
async function assertServersUsable(prisma: Prisma, ids: readonly string[], owner: NameOwner): Promise<Map<string, { rowId: string }>> {
  const resolved = await resolveMcpServers(prisma, ids, owner)
  const rows = [...resolved.values()]
  const found = new Set(rows.map((row) => row.id))
  const missing = ids.filter((id) => !found.has(id))
  if (missing.length) {
    throw new McpServerNotFoundError(
      `MCP server ${missing.map((id) => `'${id}'`).join(', ')} not found, or not available to the run's owner. Add it on the MCP servers page, or remove it from the agent.`,
    )
  }
  const disabled = rows.filter((row) => !row.enabled)
  if (disabled.length) {
    throw new McpServerDisabledError(
      `MCP server ${disabled.map((s) => `'${s.id}'`).join(', ')} is disabled. Enable it on the MCP servers page, or remove it from the agent.`,
    )
  }
  for (const row of rows) {
    if (row.transport !== 'stdio') continue
    const command = stdioConfigSchema.safeParse(row.config)
    assertStdioCommandAllowed(row.id, command.success ? command.data.command : '')
  }
  return resolved
}

/**
 * Says in the run's log that a server is connected, unless it already says so word for word: a
 * run that goes on in a later attempt (resumed after its worker stopped, continued after people
 * answered) connects again, which is news only if the server now offers something else. A resumed
 * run's log thus reads as if nothing had happened (run-event-writer.ts).
 */
async function logConnected(context: RunMcpContext, data: RunEventData<'mcp_connected'>): Promise<void> {
  const payload = await context.app.events.prepare(context.runId, data)
  const [logged] = await context.app.db.sql.query(`SELECT 1 FROM "RunEvent" WHERE "runId" = $1 AND type = 'mcp_connected' AND data = $2::jsonb LIMIT 1`, [
    context.runId,
    payload,
  ])
  if (!logged) await context.app.events.append(context.runId, 'mcp_connected', data)
}

/**
 * Connects the tool runs share, not bound to the run that asked first (others may be waiting for
 * it, and it outlives them all). A failed attempt is closed in the background, like an abandoned one.
 */
async function openSharedTool(server: McpServerConfig, context: RunMcpContext): Promise<MCPTool> {
  const tool = createSharedMcpTool(server, context.app, context.requestTimeoutMs)
  try {
    await connectWithin(tool, server, { connectTimeoutMs: context.connectTimeoutMs, signal: new AbortController().signal }, new Set())
    return tool
  } catch (error) {
    void tool.close().catch(() => {})
    throw error
  }
}

/** A run's connected servers by id: its own tools, closed with the run, and shared ones, given back to the pool. */
class RunMcpTools extends Map<string, MCPTool> {
  private readonly leases = new Map<MCPTool, McpConnectionLease>()

  constructor(private readonly context: RunMcpContext) {
    super()
  }

  async connectOwn(server: McpServerConfig, abandoned: Set<MCPTool>): Promise<MCPTool> {
    const tool = createMcpTool(server, this.context)
    this.set(server.id, tool)
    await connectWithin(tool, server, this.context, abandoned)
    return tool
  }

  async leaseShared(server: McpServerConfig): Promise<MCPTool> {
    const lease = await this.context.app.mcpPool.acquire(server, { open: () => openSharedTool(server, this.context), signal: this.context.signal })
    this.leases.set(lease.tool, lease)
    this.set(server.id, lease.tool)
    return lease.tool
  }

  isShared(tool: MCPTool): boolean {
    return this.leases.has(tool)
  }

  /** The run's live tasks on its shared tools can no longer be cancelled through it; the tools stay open for others. */
  releaseShared(): void {
    for (const [tool, lease] of this.leases) {
      this.context.app.mcpTasks.forgetTool(this.context.runId, tool)
      lease.release()
    }
  }
}

/** Connects every server (in parallel); on any failure closes the ones already open and throws. */
export async function connectMcpServers(ids: readonly string[], context: RunMcpContext): Promise<Map<string, MCPTool>> {
  if (ids.length === 0) return new Map()
  const registry = new McpServerRegistry(context.app.db.prisma, context.app.secrets)
  // The redactor must know these servers' secrets before anything they say is recorded, even if
  // they were configured a moment ago in another process (its stamp tells).
  context.app.secrets.recheck()
  // For every run, also one whose servers share a connection: whose servers they are, and what the deployment allows, may have changed.
  const rows = await assertServersUsable(context.app.db.prisma, ids, context.nameOwner)
  const tools = new RunMcpTools(context)
  const abandoned = new Set<MCPTool>()
  const results = await Promise.allSettled(
    ids.map(async (id) => {
      const server = await registry.connectionConfig({ rowId: rows.get(id)!.rowId })
      const shared = sharesConnection(server)
      const tool = shared ? await tools.leaseShared(server) : await tools.connectOwn(server, abandoned)
      await logConnected(context, connectedEventData(id, tool, !shared && server.loadToolsOnDemand))
    }),
  )
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failure) {
    // An abandoned attempt ends by the request timeout at the latest; the run does not wait for it.
    for (const [id, tool] of tools) {
      if (!abandoned.has(tool)) continue
      tools.delete(id)
      void tool.close().catch(() => {})
    }
    await closeMcpServers(tools)
    throw failure.reason
  }
  return tools
}

export async function closeMcpServers(tools: Map<string, MCPTool>): Promise<void> {
  let own = [...tools.values()]
  if (tools instanceof RunMcpTools) {
    tools.releaseShared()
    own = own.filter((tool) => !tools.isShared(tool))
  }
  for (const tool of own) forgetTasksOnClose.get(tool)?.()
  await Promise.allSettled(own.map((tool) => tool.close()))
}
