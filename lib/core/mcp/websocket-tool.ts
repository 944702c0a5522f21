import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { MCPTool, type MCPToolOptions } from './mcp-tool'
import { WsClientTransport, type WsConnectionGuard } from './transports/websocket-transport'

export interface MCPWebSocketToolOptions extends MCPToolOptions {
  url: string | URL
  /** Headers of the upgrade request. */
  headers?: Record<string, string>
  /** Where the socket may connect: a check of the URL before connecting, and the name lookup it connects with. */
  connectionGuard?: WsConnectionGuard
}

/** An MCP server over WebSocket (subprotocol "mcp"). */
export class MCPWebSocketTool extends MCPTool {
  readonly url: URL
  private readonly headers: Record<string, string> | undefined
  private readonly guard: WsConnectionGuard | undefined

  constructor(options: MCPWebSocketToolOptions) {
    super(options)
    this.url = new URL(options.url)
    this.headers = options.headers
    this.guard = options.connectionGuard
  }

  protected createTransport(): Transport {
    return new WsClientTransport(this.url, this.headers, this.guard)
  }
}
