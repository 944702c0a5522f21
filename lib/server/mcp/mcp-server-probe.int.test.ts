/**
 * "Test connection" against real servers: the shipped stdio example, a loopback Streamable HTTP
 * server, a server that refuses with the credential echoed back, one that never answers.
 */
import { DEFAULT_MCP_SERVER_SETTINGS } from '@/lib/contracts/mcp-server-settings'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLoopbackMcpServer, type LoopbackMcpServer } from '../mcp/testing/loopback-mcp-server'
import { probeMcpServer } from './mcp-server-probe'
import type { McpServerConfig } from './mcp-server-registry'

const TOKEN = 'tok-3f9a7c-very-secret'

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`
}

async function shut(server: Server): Promise<void> {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

function httpServer(id: string, url: string, headers: Record<string, string> = {}): McpServerConfig {
  return {
    id,
    name: id,
    transport: 'http',
    loadToolsOnDemand: false,
    shareConnection: false,
    settings: DEFAULT_MCP_SERVER_SETTINGS,
    updatedAt: new Date(0),
    config: { url },
    secrets: { env: {}, headers },
    // An admin's server: a failure is told in full (outbound-policy.int.test.ts has members' servers).
    ownerIsAdmin: true,
  }
}

/** The loopback server's one tool, as a connection test lists it: its parameters and that it is not a task. */
const ECHO = {
  name: 'echo',
  description: 'Echoes text.',
  parameters: [{ name: 'text', type: 'string', required: true, description: '' }],
  taskSupport: 'forbidden',
}

describe('probeMcpServer', () => {
  let loopback: LoopbackMcpServer
  beforeAll(async () => {
    loopback = await startLoopbackMcpServer('loop')
  })
  afterAll(async () => loopback?.close())

  it('lists the tools of the shipped stdio example under their own names', async () => {
    const result = await probeMcpServer({
      id: 'research-assistant',
      name: 'Research assistant',
      transport: 'stdio',
      loadToolsOnDemand: false,
      shareConnection: false,
      settings: DEFAULT_MCP_SERVER_SETTINGS,
      updatedAt: new Date(0),
      config: { command: 'node', args: ['examples/mcp-servers/research-assistant.mjs'] },
      secrets: { env: { API_KEY: TOKEN }, headers: {} },
    })
    expect(result.ok).toBe(true)
    expect(result.tools.map((t) => t.name).sort()).toEqual(['plan_research', 'summarize_topic', 'word_count'])
    expect(result.tools.find((t) => t.name === 'word_count')?.description).toBe('Count the words in a text.')
  })

  it('lists the server’s own tools, not the loader tools, for a server whose tools load on demand', async () => {
    const result = await probeMcpServer({ ...httpServer('loop', loopback.url), loadToolsOnDemand: true })
    expect(result).toEqual({ ok: true, tools: [ECHO] })
  })

  it('sends the stored headers to an http server', async () => {
    const result = await probeMcpServer(httpServer('loop', loopback.url, { Authorization: `Bearer ${TOKEN}` }))
    expect(result).toEqual({ ok: true, tools: [ECHO] })
    expect(loopback.requests.some((headers) => headers.authorization === `Bearer ${TOKEN}`)).toBe(true)
  })

  it('reports a refusal without the credential the server echoed back', async () => {
    const refusing = createServer((req, res) => {
      res.writeHead(401, { 'content-type': 'text/plain' }).end(`invalid credential ${req.headers.authorization}`)
    })
    const url = await listen(refusing)
    try {
      const result = await probeMcpServer(httpServer('refusing', `${url}?api_key=q-${TOKEN}`, { Authorization: `Bearer ${TOKEN}` }))
      expect(result.ok).toBe(false)
      expect(result.tools).toEqual([])
      expect(result.error).toContain('401')
      expect(result.error).toContain('[redacted]')
      expect(JSON.stringify(result)).not.toContain(TOKEN)
    } finally {
      await shut(refusing)
    }
  })

  it('gives up on a server that never answers', async () => {
    const silent = createServer(() => {})
    const url = await listen(silent)
    try {
      const result = await probeMcpServer(httpServer('silent', url), { timeoutMs: 300 })
      expect(result).toEqual({ ok: false, tools: [], error: 'The MCP server did not answer within 0.3 s.' })
    } finally {
      // Dropping the hung request lets the abandoned connection attempt fail and close.
      await shut(silent)
    }
  })

  it('reports a command that cannot start', async () => {
    const result = await probeMcpServer({
      id: 'missing',
      name: 'missing',
      transport: 'stdio',
      loadToolsOnDemand: false,
      shareConnection: false,
      settings: DEFAULT_MCP_SERVER_SETTINGS,
      updatedAt: new Date(0),
      config: { command: '/nonexistent/mcp-server', args: [] },
      secrets: { env: { API_KEY: TOKEN }, headers: {} },
    })
    expect(result.ok).toBe(false)
    expect(result.error).toBe("The command '/nonexistent/mcp-server' was not found (is it installed and on PATH?) (ENOENT).")
    expect(result.error).not.toContain(TOKEN)
  })

  it('starts nothing the deployment’s stdio settings refuse, and says which setting', async () => {
    const previous = process.env.AGENTLOOM_STDIO_COMMANDS
    process.env.AGENTLOOM_STDIO_COMMANDS = 'npx'
    try {
      const result = await probeMcpServer({
        id: 'research-assistant',
        name: 'Research assistant',
        transport: 'stdio',
        loadToolsOnDemand: false,
        shareConnection: false,
        settings: DEFAULT_MCP_SERVER_SETTINGS,
        updatedAt: new Date(0),
        config: { command: 'node', args: ['examples/mcp-servers/research-assistant.mjs'] },
        secrets: { env: {}, headers: {} },
      })
      expect(result).toEqual({
        ok: false,
        tools: [],
        error: expect.stringContaining("The command 'node' is not allowed on this deployment; AGENTLOOM_STDIO_COMMANDS allows 'npx'."),
      })
    } finally {
      if (previous === undefined) delete process.env.AGENTLOOM_STDIO_COMMANDS
      else process.env.AGENTLOOM_STDIO_COMMANDS = previous
    }
  })
})
