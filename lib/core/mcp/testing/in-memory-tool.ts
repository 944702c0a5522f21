import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { MCPTool, type MCPToolOptions } from '../mcp-tool'

/**
 * An MCPTool wired to an in-process server over the SDK's InMemoryTransport. Each connection
 * attempt asks the factory for a server, so reconnects get a fresh session like a real one would.
 */
/** Anything that can serve one connection: an McpServer, a Server or a scripted peer. */
export interface ConnectableServer {
  connect(transport: Transport): Promise<void>
}

export interface InMemoryMCPToolOptions extends MCPToolOptions {
  serverFactory: () => McpServer | Server | ConnectableServer
}

export class InMemoryMCPTool extends MCPTool {
  /** The server side of the current connection (to cut it in tests). */
  serverTransport: InMemoryTransport | undefined
  connectCount = 0
  private readonly serverFactory: () => McpServer | Server | ConnectableServer

  constructor(options: InMemoryMCPToolOptions) {
    super(options)
    this.serverFactory = options.serverFactory
  }

  protected async createTransport(): Promise<Transport> {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
    await this.serverFactory().connect(serverTransport)
    this.serverTransport = serverTransport
    this.connectCount += 1
    return clientTransport
  }

  /** Drops the connection from the server side, as a crashed server would. */
  async cutConnection(): Promise<void> {
    await this.serverTransport?.close()
  }
}
