import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { LATEST_PROTOCOL_VERSION, type JSONRPCMessage, type ServerCapabilities, type Tool } from '@modelcontextprotocol/sdk/types.js'

/**
 * The server end of an in-memory connection, answering JSON-RPC from a script. It speaks the
 * real wire protocol to the real SDK client, but can answer what a conforming SDK server never
 * would (malformed task payloads, 408s, dropped connections) — the failure modes the task
 * lifecycle must survive. State lives on the peer, so it survives reconnects.
 */

export type PeerAnswer =
  /** `thenNotify`: notifications written right behind the result, before the client has acted on it. */
  | { result: Record<string, unknown>; thenNotify?: JSONRPCMessage[] }
  | { error: { code: number; message: string } }
  /** Close the connection without answering. */
  | { drop: true }
  /** Never answer. */
  | { hang: true }

export interface PeerRequest {
  method: string
  params: Record<string, unknown>
  connection: number
}

export type PeerScript = (request: PeerRequest) => PeerAnswer | Promise<PeerAnswer>

export const TASK_CAPABILITIES: ServerCapabilities = {
  tools: { listChanged: true },
  tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
}

export class ScriptedPeer {
  readonly requests: PeerRequest[] = []
  connections = 0

  constructor(
    private readonly tools: Tool[],
    private readonly script: PeerScript,
    private readonly capabilities: ServerCapabilities = TASK_CAPABILITIES,
  ) {}

  count(method: string): number {
    return this.requests.filter((request) => request.method === method).length
  }

  sent(method: string): PeerRequest[] {
    return this.requests.filter((request) => request.method === method)
  }

  /** One connection's server end (pass as an InMemoryMCPTool serverFactory). */
  endpoint() {
    return { connect: (transport: Transport) => this.connect(transport) }
  }

  private async connect(transport: Transport): Promise<void> {
    this.connections += 1
    const connection = this.connections
    transport.onmessage = (message: JSONRPCMessage) => void this.receive(transport, connection, message)
    await transport.start()
  }

  private async receive(transport: Transport, connection: number, message: JSONRPCMessage): Promise<void> {
    if (!('method' in message) || !('id' in message)) return
    const request: PeerRequest = { method: message.method, params: (message.params ?? {}) as Record<string, unknown>, connection }
    const answer = await this.answer(request)
    if ('hang' in answer) return
    if ('drop' in answer) {
      await transport.close()
      return
    }
    const reply =
      'result' in answer ? { jsonrpc: '2.0' as const, id: message.id, result: answer.result } : { jsonrpc: '2.0' as const, id: message.id, error: answer.error }
    const sent = [reply as JSONRPCMessage, ...('thenNotify' in answer ? (answer.thenNotify ?? []) : [])].map((out) => transport.send(out))
    await Promise.all(sent).catch(() => {})
  }

  private async answer(request: PeerRequest): Promise<PeerAnswer> {
    switch (request.method) {
      case 'initialize':
        return { result: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: this.capabilities, serverInfo: { name: 'scripted', version: '1' } } }
      case 'ping':
        return { result: {} }
      case 'tools/list':
        return { result: { tools: this.tools } }
    }
    this.requests.push(request)
    return this.script(request)
  }
}

export function task(taskId: string, status: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const now = new Date().toISOString()
  return { taskId, status, createdAt: now, lastUpdatedAt: now, ttl: null, ...extra }
}

/** A `notifications/progress` for the request's progress token (the client sets one when it listens for progress). */
export function progressOf(request: PeerRequest, progress: number, total?: number, message?: string): JSONRPCMessage {
  const progressToken = (request.params._meta as { progressToken?: string | number } | undefined)?.progressToken
  if (progressToken === undefined) throw new Error(`${request.method} asked for no progress`)
  return { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken, progress, total, message } }
}

export function textResult(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { content: [{ type: 'text', text }], ...extra }
}
