/**
 * An MCP server over Streamable HTTP on 127.0.0.1, in the test's process, whose one tool `wait`
 * answers only when the test lets it: a run calling it stays in that tool call for as long as the
 * test needs (to kill its worker, or cancel it), with no timing involved. Each call names a
 * `label`; calls with a held label wait until it is opened, others answer at once.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { hostMcpOverHttp } from './mcp-http-host'

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

  const host = await hostMcpOverHttp(createMcpServer)

  return {
    url: `${host.origin}/mcp`,
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
      await host.close()
    },
  }
}
