import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { WebSocketServer, type WebSocket } from 'ws'

/** A small `ws` server speaking MCP (subprotocol "mcp"), one McpServer per socket. */

class WsServerTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  constructor(private readonly socket: WebSocket) {}

  async start(): Promise<void> {
    this.socket.on('message', (data) => {
      try {
        this.onmessage?.(JSONRPCMessageSchema.parse(JSON.parse(data.toString())))
      } catch (error) {
        this.onerror?.(error as Error)
      }
    })
    this.socket.on('close', () => this.onclose?.())
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.socket.send(JSON.stringify(message))
  }

  async close(): Promise<void> {
    this.socket.close()
  }
}

export interface WsMcpServer {
  url: string
  protocols: string[]
  close(): Promise<void>
}

export async function startWsMcpServer(createServer: () => McpServer): Promise<WsMcpServer> {
  const protocols: string[] = []
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    handleProtocols: (offered) => {
      protocols.push(...offered)
      return offered.has('mcp') ? 'mcp' : false
    },
  })
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()))
  wss.on('connection', (socket) => void createServer().connect(new WsServerTransport(socket)))
  const { port } = wss.address() as { port: number }
  return {
    url: `ws://127.0.0.1:${port}`,
    protocols,
    close: async () => {
      for (const client of wss.clients) client.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}
