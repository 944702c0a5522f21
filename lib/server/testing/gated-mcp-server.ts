/**
 * An MCP server over Streamable HTTP on 127.0.0.1, in the test's process, whose one tool `wait`
 * answers only when the test lets it: a run calling it stays in that tool call for as long as the
 * test needs (to kill its worker, or cancel it), with no timing involved. Each call names a
 * `label`; calls with a held label wait until it is opened, others answer at once.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { z } from 'zod'

export interface GatedMcpServer {
  url: string
  /** Makes calls with this label wait until `open(label)`. */
  hold(label: string): void
  /** Lets the waiting and later calls with this label answer. */
  open(label: string): void
  /** Resolves once the tool has been called `count` times with this label, counting earlier calls. */
  called(label: string, count?: number): Promise<void>
  close(): Promise<void>
}

export async function startGatedMcpServer(): Promise<GatedMcpServer> {
  const held = new Map<string, Promise<void>>()
  const openers = new Map<string, () => void>()
  const calls = new Map<string, number>()
  const callWaiters: { label: string; count: number; resolve: () => void }[] = []

  const noteCall = (label: string) => {
    const count = (calls.get(label) ?? 0) + 1
    calls.set(label, count)
    for (const waiter of callWaiters.filter((w) => w.label === label && w.count <= count)) {
      callWaiters.splice(callWaiters.indexOf(waiter), 1)
      waiter.resolve()
    }
  }

  const createMcpServer = () => {
    const server = new McpServer({ name: 'gate', version: '1.0.0' })
    server.registerTool('wait', { description: 'Answers when the test lets it.', inputSchema: { label: z.string() } }, async ({ label }) => {
      noteCall(label)
      await held.get(label)
      return { content: [{ type: 'text', text: `passed ${label}` }] }
    })
    return server
  }

  const sessions = new Map<string, StreamableHTTPServerTransport>()
  const http: Server = createServer(async (req, res) => {
    try {
      const sessionId = req.headers['mcp-session-id']
      let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined
      if (!transport) {
        if (sessionId) {
          res.writeHead(404).end()
          return
        }
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => void sessions.set(id, created),
          onsessionclosed: (id) => void sessions.delete(id),
        })
        transport = created
        await createMcpServer().connect(created)
      }
      await transport.handleRequest(req, res)
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error))
    }
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    hold(label) {
      if (held.has(label)) return
      held.set(label, new Promise<void>((resolve) => openers.set(label, resolve)))
    },
    open(label) {
      openers.get(label)?.()
      openers.delete(label)
      held.delete(label)
    },
    called(label, count = 1) {
      if ((calls.get(label) ?? 0) >= count) return Promise.resolve()
      return new Promise<void>((resolve) => callWaiters.push({ label, count, resolve }))
    },
    async close() {
      for (const open of openers.values()) open()
      await Promise.allSettled([...sessions.values()].map((t) => t.close()))
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
