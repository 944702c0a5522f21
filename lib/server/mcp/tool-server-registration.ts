/**
 * Registering tool servers with an agent: every enabled `http` MCP server (or the ones asked for)
 * becomes an MCPStreamableHTTPTool that sends `User-Agent: Agentloom/<version>` and, when a token
 * source gives a token for that server, `Authorization: Bearer <token>`. The token is asked for on
 * each request (so a source can refresh it) and sent only to the server's own origin; a stored
 * Authorization header is dropped when a token source is configured. Tool names are prefixed with
 * the server id (`mail_send`) unless `prefixToolNames: false`.
 *
 *   const service = new ToolServerRegistrationService(new PrismaToolServerSource(prisma, app.secrets.box), { tokenSource: (server) => tokens.for(server.id) })
 *   const { agent, close } = await service.addToolServersToAgent({ client, instructions: 'You are helpful.' })
 */
import { Agent, MCPStreamableHTTPTool, type AgentOptions, type ChatClient, type Logger, type MCPStreamableHTTPToolOptions, type ToolLike } from '@/lib/core'
import type { Prisma } from '../db/database'
import { urlConfigSchema } from '@/lib/contracts/mcp-servers'
import { openServerSecrets } from '../mcp/mcp-server-secrets'
import type { SecretBox } from '../secrets/secret-box'
import { joinUrlSecrets } from '../secrets/url-secrets'
import { AGENTLOOM_VERSION, agentloomUserAgent } from '../agentloom-version'

export interface ToolServerConfig {
  id: string
  name: string
  description: string
  url: string
  /** Stored headers (secrets). */
  headers: Record<string, string>
}

/** Where the stored server configurations come from. */
export interface ToolServerSource {
  /** Enabled http servers; only the given ids when `ids` is set (in that order). */
  listToolServers(ids?: readonly string[]): Promise<ToolServerConfig[]>
}

/** A token for one server, or nothing (then no Authorization header is sent). */
export type TokenSource = (server: Pick<ToolServerConfig, 'id' | 'name' | 'url'>) => string | undefined | null | Promise<string | undefined | null>

export interface ToolServerRegistrationOptions {
  tokenSource?: TokenSource
  /** For the User-Agent; default the app's package version. */
  version?: string
  /**
   * Prefix each server's tool names with its id (`mail_send`), so servers with the same tool names
   * can serve one agent (default true).
   */
  prefixToolNames?: boolean
  /** Passed to every tool (approval mode, request timeout, allowed tools, fetch, …). */
  toolOptions?: Omit<Partial<MCPStreamableHTTPToolOptions>, 'name' | 'url' | 'headers' | 'headerProvider' | 'toolNamePrefix'>
  logger?: Pick<Logger, 'warn'>
}

export class PrismaToolServerSource implements ToolServerSource {
  constructor(
    private readonly prisma: Prisma,
    /** Opens the stored secrets (headers, URL parts). */
    private readonly secretBox: SecretBox,
    private readonly logger: Pick<Logger, 'warn'> = console,
  ) {}

  async listToolServers(ids?: readonly string[]): Promise<ToolServerConfig[]> {
    const rows = await this.prisma.mcpServer.findMany({
      where: { enabled: true, transport: 'http', ...(ids ? { id: { in: [...ids] } } : {}) },
      orderBy: { name: 'asc' },
    })
    const servers: ToolServerConfig[] = []
    for (const row of rows) {
      const config = urlConfigSchema.safeParse(row.config)
      const secrets = this.openSecrets(row)
      if (!config.success || !secrets) {
        this.logger.warn(`MCP server '${row.id}' has an invalid stored configuration; it is not registered.`)
        continue
      }
      servers.push({ id: row.id, name: row.name, description: row.description, url: joinUrlSecrets(config.data.url, secrets.url), headers: secrets.headers })
    }
    if (!ids) return servers
    const byId = new Map(servers.map((s) => [s.id, s]))
    return ids.flatMap((id) => byId.get(id) ?? [])
  }

  private openSecrets(row: { secrets: unknown }) {
    try {
      return openServerSecrets(this.secretBox, row.secrets)
    } catch {
      return undefined
    }
  }
}

export interface AddToolServersOptions {
  client: ChatClient
  instructions?: string
  /** Non-MCP tools to include. */
  initialTools?: readonly ToolLike[]
  /** Only these servers (default: every enabled http server). */
  serverIds?: readonly string[]
  agentOptions?: Omit<AgentOptions, 'client' | 'instructions' | 'tools'>
}

export class ToolServerRegistrationService {
  private readonly userAgent: string

  constructor(
    private readonly source: ToolServerSource,
    private readonly options: ToolServerRegistrationOptions = {},
  ) {
    this.userAgent = agentloomUserAgent(options.version ?? AGENTLOOM_VERSION)
  }

  /** One tool per server, not connected yet. */
  async createTools(serverIds?: readonly string[]): Promise<MCPStreamableHTTPTool[]> {
    const servers = await this.source.listToolServers(serverIds)
    if (serverIds) {
      const missing = serverIds.filter((id) => !servers.some((s) => s.id === id))
      if (missing.length > 0) this.options.logger?.warn(`Tool servers not found, disabled or not http: ${missing.join(', ')}`)
    }
    return servers.map((server) => this.createTool(server))
  }

  createTool(server: ToolServerConfig): MCPStreamableHTTPTool {
    const { tokenSource } = this.options
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(server.headers)) {
      // With a token source the Authorization is its to give.
      if (tokenSource && name.toLowerCase() === 'authorization') continue
      headers[name] = value
    }
    headers['User-Agent'] = this.userAgent
    return new MCPStreamableHTTPTool({
      ...this.options.toolOptions,
      name: server.id,
      toolNamePrefix: this.options.prefixToolNames === false ? undefined : server.id,
      description: server.description || `MCP tools from ${server.name}`,
      url: server.url,
      headers,
      headerProvider: tokenSource
        ? async () => {
            const token = await tokenSource({ id: server.id, name: server.name, url: server.url })
            return token ? { Authorization: `Bearer ${token}` } : undefined
          }
        : undefined,
      clientInfo: { name: 'agentloom', version: this.options.version ?? AGENTLOOM_VERSION },
    })
  }

  /**
   * An Agent with the initial tools plus a connected tool per server. If any server fails to
   * connect, the ones already open are closed and the error is raised. Call `close()` when done.
   */
  async addToolServersToAgent(options: AddToolServersOptions): Promise<{ agent: Agent; tools: MCPStreamableHTTPTool[]; close: () => Promise<void> }> {
    const tools = await this.createTools(options.serverIds)
    const close = async () => {
      await Promise.allSettled(tools.map((tool) => tool.close()))
    }
    const results = await Promise.allSettled(tools.map((tool) => tool.connect()))
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failure) {
      await close()
      throw failure.reason
    }
    const agent = new Agent({
      ...options.agentOptions,
      client: options.client,
      instructions: options.instructions,
      tools: [...(options.initialTools ?? []), ...tools],
    })
    return { agent, tools, close }
  }
}
