/**
 * The pool's bookkeeping, on real MCPTools connected to in-process servers (the SDK's in-memory
 * transport): who shares what, when a connection closes, and what a failure leaves behind.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { describe, expect, it } from 'vitest'
import { AbortError, type MCPTool } from '@/lib/core'
import { InMemoryMCPTool } from '@/lib/core/mcp/testing'
import { DEFAULT_MCP_IDLE_MS, McpConnectionPool, mcpIdleMsFromEnv, type PooledServer } from './mcp-connection-pool'

function echoServer(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' })
  server.registerTool('echo', { description: 'Echoes.' }, async () => ({ content: [{ type: 'text', text: 'echo' }] }))
  return server
}

/** Opens connected tools, counting them; `gate` holds each connect until it resolves. */
function opener(gate: Promise<void> = Promise.resolve()) {
  const opened: MCPTool[] = []
  return {
    opened,
    open: async (): Promise<MCPTool> => {
      const tool = new InMemoryMCPTool({ name: 'echo', serverFactory: echoServer })
      opened.push(tool)
      await gate
      await tool.connect()
      return tool
    },
  }
}

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

const server = (updatedAt = 1_000): PooledServer => ({ id: 'echo', updatedAt: new Date(updatedAt) })

/** Until `tool` is closed (closing is not awaited by release). */
async function closed(tool: MCPTool): Promise<void> {
  while (tool.isConnected) await new Promise((resolve) => setImmediate(resolve))
}

describe('McpConnectionPool', () => {
  it('gives runs asking at once one connect, and counts each release once', async () => {
    const pool = new McpConnectionPool()
    const { opened, open } = opener()
    const [a, b] = await Promise.all([pool.acquire(server(), { open }), pool.acquire(server(), { open })])
    expect(opened).toHaveLength(1)
    expect(a.tool).toBe(b.tool)
    a.release()
    a.release()
    expect(pool.stats()).toEqual({ open: 1, inUse: 1 })
    b.release()
    expect(pool.stats()).toEqual({ open: 1, inUse: 0 })
    expect(a.tool.isConnected).toBe(true)
    await pool.close()
    expect(a.tool.isConnected).toBe(false)
  })

  it('lets a cancelled run stop waiting without stopping the connect others wait for', async () => {
    const pool = new McpConnectionPool()
    const gate = deferred()
    const { opened, open } = opener(gate.promise)
    const cancelled = new AbortController()
    const leaving = pool.acquire(server(), { open, signal: cancelled.signal })
    const staying = pool.acquire(server(), { open })
    cancelled.abort()
    await expect(leaving).rejects.toBeInstanceOf(AbortError)
    gate.resolve()
    const lease = await staying
    expect(lease.tool.isConnected).toBe(true)
    expect(opened).toHaveLength(1)
    expect(pool.stats()).toEqual({ open: 1, inUse: 1 })
    lease.release()
    await pool.close()
  })

  it('keeps nothing of a failed connect: every waiter gets the failure, the next one connects', async () => {
    const pool = new McpConnectionPool()
    const failing = async (): Promise<MCPTool> => {
      throw new Error('refused')
    }
    const results = await Promise.allSettled([pool.acquire(server(), { open: failing }), pool.acquire(server(), { open: failing })])
    expect(results.map((result) => result.status === 'rejected' && (result.reason as Error).message)).toEqual(['refused', 'refused'])
    expect(pool.stats()).toEqual({ open: 0, inUse: 0 })
    const { opened, open } = opener()
    const lease = await pool.acquire(server(), { open })
    expect(opened).toHaveLength(1)
    lease.release()
    await pool.close()
  })

  it('closes a superseded connection when its last run leaves, and gives a run that read an older configuration one of its own', async () => {
    const pool = new McpConnectionPool()
    const { opened, open } = opener()
    const old = await pool.acquire(server(1_000), { open })
    const current = await pool.acquire(server(2_000), { open })
    expect(current.tool).not.toBe(old.tool)
    expect(old.tool.isConnected).toBe(true)
    old.release()
    await closed(old.tool)

    const late = await pool.acquire(server(1_000), { open })
    expect(late.tool).not.toBe(current.tool)
    expect(opened).toHaveLength(3)
    late.release()
    await closed(late.tool)
    // The current one stays, and is what the next run gets.
    const next = await pool.acquire(server(2_000), { open })
    expect(next.tool).toBe(current.tool)
    expect(current.tool.isConnected).toBe(true)
    current.release()
    next.release()
    await pool.close()
  })

  it('with no idle time, closes a connection as soon as nobody uses it', async () => {
    const pool = new McpConnectionPool({ idleMs: 0 })
    const { open } = opener()
    const lease = await pool.acquire(server(), { open })
    lease.release()
    await closed(lease.tool)
    expect(pool.stats()).toEqual({ open: 0, inUse: 0 })
  })

  it('closes connections in use when it is closed; a later run connects anew', async () => {
    const pool = new McpConnectionPool()
    const { opened, open } = opener()
    const lease = await pool.acquire(server(), { open })
    await pool.close()
    expect(lease.tool.isConnected).toBe(false)
    lease.release()
    const after = await pool.acquire(server(), { open })
    expect(after.tool).not.toBe(lease.tool)
    expect(opened).toHaveLength(2)
    after.release()
    await pool.close()
  })
})

describe('mcpIdleMsFromEnv', () => {
  it('takes a whole number of milliseconds, and reports anything else', () => {
    const lines: string[] = []
    const logger = { warn: (line: string) => void lines.push(line) }
    expect(mcpIdleMsFromEnv({ AGENTLOOM_MCP_IDLE_MS: '5000' }, logger)).toBe(5_000)
    expect(mcpIdleMsFromEnv({ AGENTLOOM_MCP_IDLE_MS: '0' }, logger)).toBe(0)
    expect(mcpIdleMsFromEnv({ AGENTLOOM_MCP_IDLE_MS: ' ' }, logger)).toBe(DEFAULT_MCP_IDLE_MS)
    expect(mcpIdleMsFromEnv({}, logger)).toBe(DEFAULT_MCP_IDLE_MS)
    expect(lines).toEqual([])
    for (const bad of ['a minute', '-1', '1.5', '99999999999']) expect(mcpIdleMsFromEnv({ AGENTLOOM_MCP_IDLE_MS: bad }, logger)).toBe(DEFAULT_MCP_IDLE_MS)
    expect(lines).toHaveLength(4)
    expect(lines[0]).toBe("[mcp] AGENTLOOM_MCP_IDLE_MS must be a whole number of milliseconds from 0 to 2147483647, not 'a minute'; using 60000.")
  })
})
