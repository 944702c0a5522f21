/**
 * Connecting a run's MCP servers against real servers on a real test database: a failure reaches
 * the run (its error, run_failed, shared pages) as a user-facing error with none of the server's
 * secrets in it; a server that never answers is given up on; a working one is connected.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AbortError, isUserError, type ChatClient } from '@/lib/core'
import { assembleAppContext } from '../app-assembly'
import { type AppContext } from '../app-context'
import type { Database } from '../db/database'
import { createTestDatabase } from '../testing/test-database'
import { startLoopbackMcpServer, type LoopbackMcpServer } from '../mcp/testing/loopback-mcp-server'
import { McpServerConnectError } from './mcp-connect-attempt'
import { closeMcpServers, connectMcpServers, type RunMcpContext } from './mcp-connections'

const HEADER_SECRET = 'header-secret-4b7e21'
const API_KEY = 'api-key-secret-90cd'
const QUERY_SECRET = 'query-secret-1f0a'
const ENV_SECRET = 'env-secret-c3d2e8'

const REFUSING_STDIO_SERVER = `
process.stdin.on('data', (chunk) => {
  for (const line of String(chunk).split('\\n').filter(Boolean)) {
    const { id } = JSON.parse(line)
    if (id !== undefined) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message: 'bad key ' + process.env.SERVICE_KEY } }) + '\\n')
  }
})`

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function shut(server: Server | undefined): Promise<void> {
  if (!server) return
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

const NO_SAMPLING: ChatClient = {
  getResponse: () => Promise.reject(new Error('not used')),
  getStreamingResponse: () => {
    throw new Error('not used')
  },
}

describe('connectMcpServers', () => {
  let db: Database
  let app: AppContext
  // Refuses every request, echoing what it got — credentials included — as a careless proxy might.
  let echoing: Server
  // Accepts connections and never answers (attempts given up on end when it closes, in afterAll).
  let silent: Server
  let loopback: LoopbackMcpServer
  let runId: string

  const context = (overrides: Partial<RunMcpContext> = {}): RunMcpContext => ({
    app,
    runId,
    nameOwner: { workspaceId: null, isAdmin: true },
    samplingClient: NO_SAMPLING,
    signal: new AbortController().signal,
    ...overrides,
  })

  beforeAll(async () => {
    db = await createTestDatabase()
    app = assembleAppContext(db, randomBytes(32))
    const workflow = await db.prisma.workflow.create({ data: { name: 'w', versions: { create: { version: 1, graph: {} } } }, include: { versions: true } })
    runId = (await db.prisma.run.create({ data: { workflowId: workflow.id, versionId: workflow.versions[0].id, input: 'x' } })).id
    echoing = createServer((req, res) => {
      req.resume()
      res
        .writeHead(400, { 'content-type': 'text/plain' })
        .end(`rejected ${req.url} with authorization=${req.headers.authorization} key=${req.headers['x-api-key']}`)
    })
    silent = createServer(() => {})
    loopback = await startLoopbackMcpServer('loop')
    const echoingUrl = await listen(echoing)
    const silentUrl = await listen(silent)
    // An admin's server: what went wrong is told in full (a member's would say only "Could not connect").
    await db.prisma.user.create({ data: { id: 'admin-owner', name: 'Ada', email: 'ada@example.test', role: 'admin' } })
    await db.prisma.mcpServer.createMany({
      data: [
        {
          id: 'leaky-http',
          ownerId: 'admin-owner',
          name: 'Leaky',
          transport: 'http',
          config: { url: `${echoingUrl}/mcp?token=${QUERY_SECRET}` },
          secrets: { env: {}, headers: { Authorization: `Bearer ${HEADER_SECRET}`, 'X-Api-Key': API_KEY } },
        },
        {
          id: 'leaky-stdio',
          name: 'Leaky stdio',
          transport: 'stdio',
          // Answers `initialize` with an error that names its secret.
          config: { command: 'node', args: ['-e', REFUSING_STDIO_SERVER] },
          secrets: { env: { SERVICE_KEY: ENV_SECRET }, headers: {} },
        },
        { id: 'silent', name: 'Silent', transport: 'http', config: { url: `${silentUrl}/mcp` }, secrets: { env: {}, headers: {} } },
        {
          id: 'loop',
          name: 'Loop',
          transport: 'http',
          config: { url: loopback.url },
          secrets: { env: {}, headers: { Authorization: `Bearer ${HEADER_SECRET}` } },
        },
      ],
    })
  })

  afterAll(async () => {
    await shut(echoing)
    await shut(silent)
    await loopback?.close()
    await db?.close()
  })

  async function failure(ids: string[], overrides: Partial<RunMcpContext> = {}): Promise<Error> {
    const error = await connectMcpServers(ids, context(overrides)).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(Error)
    return error as Error
  }

  it('reports an HTTP server’s refusal without its headers or its URL’s query string', async () => {
    const error = await failure(['leaky-http'])
    expect(error).toBeInstanceOf(McpServerConnectError)
    expect(isUserError(error)).toBe(true)
    expect((error as McpServerConnectError).code).toBe('mcp_server_connect_failed')
    expect(error.message).toMatch(/^Could not connect to MCP server 'leaky-http': /)
    expect(error.message).toContain('authorization=[redacted]')
    expect(error.message).toContain('key=[redacted]')
    for (const secret of [HEADER_SECRET, API_KEY, QUERY_SECRET]) expect(error.message).not.toContain(secret)
    expect(JSON.stringify({ ...error, cause: (error as { cause?: unknown }).cause })).not.toContain(HEADER_SECRET)
  })

  it('reports a stdio server’s failure without its environment values', async () => {
    const error = await failure(['leaky-stdio'])
    expect(error).toBeInstanceOf(McpServerConnectError)
    expect(error.message).toMatch(/^Could not connect to MCP server 'leaky-stdio': /)
    expect(error.message).toContain('bad key [redacted]')
    expect(error.message).not.toContain(ENV_SECRET)
  })

  it('gives up on a server that never answers, and on a cancelled run, without waiting for either', async () => {
    const error = await failure(['silent'], { connectTimeoutMs: 300 })
    expect(error).toBeInstanceOf(McpServerConnectError)
    expect(error.message).toBe("MCP server 'silent' did not answer within 0.3 s.")
    const controller = new AbortController()
    const cancelled = failure(['silent'], { signal: controller.signal })
    controller.abort()
    expect(await cancelled).toBeInstanceOf(AbortError)
  })

  it('connects a working server with its headers; one failing server fails the whole set', async () => {
    const tools = await connectMcpServers(['loop'], context())
    const tool = tools.get('loop')
    expect(tool?.isConnected).toBe(true)
    expect(tool?.functions.map((f) => f.name)).toEqual(['loop_echo'])
    expect(loopback.requests[0].authorization).toBe(`Bearer ${HEADER_SECRET}`)
    await closeMcpServers(tools)
    const error = await failure(['loop', 'leaky-http'])
    expect(error).toBeInstanceOf(McpServerConnectError)
    expect(error.message).toMatch(/^Could not connect to MCP server 'leaky-http'/)
  })
})
