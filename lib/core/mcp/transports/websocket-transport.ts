import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import type { LookupFunction } from 'node:net'
import WebSocket from 'ws'

/** Limits where the socket connects: `beforeConnect` may refuse the URL; `lookup` resolves its host name. */
export interface WsConnectionGuard {
  beforeConnect?: (url: URL) => Promise<void>
  lookup?: LookupFunction
}

/**
 * MCP over WebSocket (subprotocol "mcp") on the `ws` package: the SDK's transport relies on a
 * global WebSocket, which Node 20 lacks.
 */
export class WsClientTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void
  private socket: WebSocket | undefined

  constructor(
    private readonly url: URL,
    private readonly headers?: Record<string, string>,
    private readonly guard: WsConnectionGuard = {},
  ) {}

  async start(): Promise<void> {
    if (this.socket) throw new Error('WsClientTransport already started!')
    await this.guard.beforeConnect?.(this.url)
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url, 'mcp', { headers: this.headers, ...(this.guard.lookup ? { lookup: this.guard.lookup } : {}) })
      this.socket = socket
      let opened = false
      socket.on('open', () => {
        opened = true
        resolve()
      })
      socket.on('error', (error) => {
        if (!opened) reject(error)
        this.onerror?.(error)
      })
      socket.on('close', () => {
        this.socket = undefined
        this.onclose?.()
      })
      socket.on('message', (data) => this.receive(data))
    })
  }

  private receive(data: WebSocket.RawData): void {
    let message: JSONRPCMessage
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(data.toString()))
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)))
      return
    }
    this.onmessage?.(message)
  }

  send(message: JSONRPCMessage): Promise<void> {
    const socket = this.socket
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error('Not connected'))
    return new Promise((resolve, reject) => {
      socket.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve()))
    })
  }

  async close(): Promise<void> {
    const socket = this.socket
    if (!socket) return
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        socket.terminate()
        resolve()
      }, 2_000)
      socket.once('close', () => {
        clearTimeout(timer)
        resolve()
      })
      socket.close()
    })
  }
}
