import { AsyncLocalStorage } from 'node:async_hooks'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { MCPConnection } from './connection'
import { MCPTool, type MCPToolOptions } from './mcp-tool'
import { ConnectionFetch, type HeaderProvider } from './transports/http-fetch'

export interface MCPStreamableHTTPToolOptions extends MCPToolOptions {
  url: string | URL
  /** Static headers sent with every request (e.g. an API key). */
  headers?: Record<string, string>
  /**
   * Per-request headers computed from the tool call's runtime kwargs ({} for background requests
   * such as initialize, list and ping). Sent only to the url's own origin.
   */
  headerProvider?: HeaderProvider
  /** Send DELETE for the session on close (default true). */
  terminateOnClose?: boolean
  redirectPolicy?: 'same-origin' | 'follow'
  /** The fetch underneath (defaults to the global one). */
  fetch?: FetchLike
}

/** An MCP server over Streamable HTTP. Reconnects after a lost connection resume the same session when the server still has it. */
export class MCPStreamableHTTPTool extends MCPTool {
  readonly url: URL
  private readonly http: MCPStreamableHTTPToolOptions
  private readonly callKwargs = new AsyncLocalStorage<Readonly<Record<string, unknown>> | undefined>()
  private lastSession: { sessionId: string; protocolVersion: string } | undefined

  constructor(options: MCPStreamableHTTPToolOptions) {
    super(options)
    this.http = options
    this.url = new URL(options.url)
  }

  protected createTransport(): Transport {
    return this.newTransport(undefined)
  }

  private newTransport(sessionId: string | undefined): StreamableHTTPClientTransport {
    let transport: StreamableHTTPClientTransport | undefined
    const connectionFetch = new ConnectionFetch({
      serverUrl: this.url,
      headerProvider: this.http.headerProvider,
      currentKwargs: () => this.callKwargs.getStore() ?? {},
      // A response stream cut mid-way: close the transport so pending requests fail now.
      onBroken: () => void transport?.close(),
      baseFetch: this.http.fetch,
    })
    transport = new StreamableHTTPClientTransport(this.url, {
      requestInit: this.http.headers ? { headers: this.http.headers } : undefined,
      fetch: connectionFetch.fetch,
      redirectPolicy: this.http.redirectPolicy,
      sessionId,
    })
    const close = transport.close.bind(transport)
    transport.close = async () => {
      connectionFetch.abortAll()
      await close()
    }
    return transport
  }

  protected override async openSession(intent: { resume: boolean }): Promise<MCPConnection> {
    const previous = this.lastSession
    if (intent.resume && previous) {
      const resumed = await this.tryResume(previous)
      if (resumed) return resumed
    }
    const connection = await this.openOn(this.createTransport())
    this.remember(connection)
    return connection
  }

  /** Continues a server session after the connection broke (its tasks are scoped to it). */
  private async tryResume(previous: { sessionId: string; protocolVersion: string }): Promise<MCPConnection | undefined> {
    let connection: MCPConnection | undefined
    try {
      connection = await this.openOn(this.newTransport(previous.sessionId), {
        protocolVersion: previous.protocolVersion,
        serverCapabilities: this.serverCapabilities,
      })
      await connection.client.ping({ timeout: this.options.requestTimeoutMs ?? 10_000 })
      this.logger.info(`Resumed MCP session of '${this.name}'.`)
      return connection
    } catch {
      await connection?.close().catch(() => {})
      return undefined
    }
  }

  private remember(connection: MCPConnection): void {
    const transport = connection.transport as StreamableHTTPClientTransport
    const { sessionId, protocolVersion } = transport
    this.lastSession = sessionId && protocolVersion ? { sessionId, protocolVersion } : undefined
  }

  protected override async onTeardown(connection: MCPConnection, final: boolean): Promise<void> {
    if (!final) return
    this.lastSession = undefined
    if (this.http.terminateOnClose === false) return
    const transport = connection.transport as StreamableHTTPClientTransport
    if (!connection.isOpen || !transport.sessionId) return
    await Promise.race([transport.terminateSession().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2_000).unref())])
  }

  protected override withRuntimeKwargs<T>(kwargs: Readonly<Record<string, unknown>> | undefined, work: () => Promise<T>): Promise<T> {
    return this.callKwargs.run(kwargs, work)
  }
}
