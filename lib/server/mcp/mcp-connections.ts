/**
 * Connects the MCP servers a run's agents reference, with sampling answered by a person through
 * the approvals broker, and closes them when the run ends.
 */
import { isAbsolute, join } from 'node:path'
import { MCPStdioTool, MCPStreamableHTTPTool, MCPWebSocketTool, UserError, type ChatClient, type MCPTool } from '@/lib/core'
import type { AppContext } from '../app-context'
import { McpServerRegistry, type McpServerConfig } from './mcp-server-registry'
import { samplingApprovalPayload } from './sampling-approval'

/** How long a person has to answer a sampling request before it counts as denied. */
export const SAMPLING_APPROVAL_TIMEOUT_MS = Number(process.env.AGENTLOOM_APPROVAL_TIMEOUT_MS ?? 10 * 60_000)
export const SAMPLING_MAX_TOKENS = 4096

export interface RunMcpContext {
  app: AppContext
  runId: string
  /** Answers the servers' sampling requests once a person approves them. */
  samplingClient: ChatClient
  signal: AbortSignal
}

/** A server's working directory: relative paths are taken from the app's directory. */
function resolveCwd(cwd: string | undefined): string {
  if (!cwd) return process.cwd()
  return isAbsolute(cwd) ? cwd : join(/*turbopackIgnore: true*/ process.cwd(), cwd)
}

export function createMcpTool(server: McpServerConfig, context: RunMcpContext): MCPTool {
  const shared = {
    name: server.id,
    description: server.name,
    // Tools from several servers meet in one agent: `research-assistant_summarize_topic`.
    toolNamePrefix: server.id,
    client: context.samplingClient,
    samplingMaxTokens: SAMPLING_MAX_TOKENS,
    samplingApprovalCallback: async (params: Record<string, unknown>, { serverName }: { serverName: string }) => {
      const decision = await context.app.approvals.request({
        runId: context.runId,
        kind: 'sampling',
        source: serverName,
        title: `${server.name} asks the model for a completion`,
        payload: samplingApprovalPayload(params, serverName, SAMPLING_MAX_TOKENS),
        timeoutMs: SAMPLING_APPROVAL_TIMEOUT_MS,
        signal: context.signal,
      })
      // A person may approve with a lower token cap than the server asked for.
      const cap = decision.response.maxTokens
      return typeof cap === 'number' ? { approved: decision.approved, maxTokens: cap } : decision.approved
    },
  }
  if (server.transport === 'stdio') {
    return new MCPStdioTool({
      ...shared,
      // `node` means this very Node, whatever PATH says.
      command: server.config.command === 'node' ? process.execPath : server.config.command,
      args: server.config.args,
      cwd: resolveCwd(server.config.cwd),
      env: server.secrets.env,
    })
  }
  if (server.transport === 'http') return new MCPStreamableHTTPTool({ ...shared, url: server.config.url, headers: server.secrets.headers })
  return new MCPWebSocketTool({ ...shared, url: server.config.url, headers: server.secrets.headers })
}

/** A server a workflow refers to was switched off. */
export class McpServerDisabledError extends UserError {
  override readonly code = 'mcp_server_disabled'
}

/** Connects every server (in parallel); on any failure closes the ones already open and throws. */
export async function connectMcpServers(ids: readonly string[], context: RunMcpContext): Promise<Map<string, MCPTool>> {
  const registry = new McpServerRegistry(context.app.db.prisma)
  const disabled = await context.app.db.prisma.mcpServer.findMany({ where: { id: { in: [...ids] }, enabled: false }, select: { id: true } })
  if (disabled.length) {
    throw new McpServerDisabledError(`MCP server ${disabled.map((s) => `'${s.id}'`).join(', ')} is disabled. Enable it on the MCP servers page, or remove it from the agent.`)
  }
  const tools = new Map<string, MCPTool>()
  const results = await Promise.allSettled(
    ids.map(async (id) => {
      const tool = createMcpTool(await registry.connectionConfig(id), context)
      tools.set(id, tool)
      await tool.connect()
      await context.app.events.append(context.runId, 'mcp_connected', { serverId: id, tools: tool.functions.map((f) => f.name) })
    }),
  )
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failure) {
    await closeMcpServers(tools)
    throw failure.reason
  }
  return tools
}

export async function closeMcpServers(tools: Map<string, MCPTool>): Promise<void> {
  await Promise.allSettled([...tools.values()].map((tool) => tool.close()))
}
