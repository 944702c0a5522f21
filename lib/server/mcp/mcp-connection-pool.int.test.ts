/**
 * Shared MCP connections on real parts: servers that count their connections (a stdio process
 * that records each `initialize`, an HTTP host that counts its sessions), a test database, and
 * runs connecting through connectMcpServers as the worker does.
 */
import { randomBytes } from 'node:crypto'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { NO_CLIENT_MESSAGE, ToolExecutionException, type ChatClient, type MCPTool } from '@/lib/core'
import { fixturePath } from '@/lib/core/mcp/testing'
import { assembleAppContext } from '../app-assembly'
import { type AppContext } from '../app-context'
import type { Database } from '../db/database'
import { hostMcpOverHttp, type McpHttpHost } from '../testing/mcp-http-host'
import { createTestDatabase } from '../testing/test-database'
import { waitFor } from '../testing/wait-for'
import { McpConnectionPool } from './mcp-connection-pool'
import { McpServerConnectError } from './mcp-connect-attempt'
import { McpServerNotFoundError, closeMcpServers, connectMcpServers, type RunMcpContext } from './mcp-connections'

const COUNTING_SERVER = join(import.meta.dirname, 'testing', 'counting-server.mjs')

const NO_SAMPLING: ChatClient = {
  getResponse: () => Promise.reject(new Error('not used')),
  getStreamingResponse: () => {
    throw new Error('not used')
  },
}

interface CountedLine {
  event: 'started' | 'initialized'
  pid: number
  capabilities?: Record<string, unknown>
}

function countedLines(file: string): CountedLine[] {
  let text = ''
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return []
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CountedLine)
}

const initializations = (file: string) => countedLines(file).filter((line) => line.event === 'initialized')

/** Whether the process runs: an ended one may stay a zombie here (nobody reaps orphans in a container), which counts as ended. */
function isAlive(pid: number): boolean {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return false
  }
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
  return state !== 'Z' && state !== 'X'
}

/** Runs testing/pool-exit-child.ts to its exit; the pid of the stdio server it started. */
async function stubbornServerOfExitedProcess(args: string[]): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'testing', 'pool-exit-child.ts'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = once(child, 'exit')
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string]
  await exited
  return (JSON.parse(line) as { pid: number }).pid
}

async function echo(tool: MCPTool, text: string): Promise<string> {
  const result = await tool.callTool('echo', { text })
  return (result.content[0] as { text: string }).text
}

describe('MCP connections shared across runs', () => {
  let db: Database
  let app: AppContext
  let http: McpHttpHost
  let httpSessions = 0
  let httpDown = false
  const countFile = join(tmpdir(), `mcp-pool-${randomBytes(6).toString('hex')}.jsonl`)
  const runIds: string[] = []
  const pools: McpConnectionPool[] = []

  /** An app whose pool is this test's own (the default idle time unless told). */
  function appWithPool(idleMs?: number): AppContext {
    const pool = new McpConnectionPool({ idleMs })
    pools.push(pool)
    return { ...app, mcpPool: pool }
  }

  const runContext = (runApp: AppContext, run: number, overrides: Partial<RunMcpContext> = {}): RunMcpContext => ({
    app: runApp,
    runId: runIds[run],
    nameOwner: { workspaceId: null, isAdmin: true },
    samplingClient: NO_SAMPLING,
    signal: new AbortController().signal,
    ...overrides,
  })

  beforeAll(async () => {
    db = await createTestDatabase()
    app = assembleAppContext(db, randomBytes(32))
    http = await hostMcpOverHttp(
      () => {
        httpSessions += 1
        const server = new McpServer({ name: 'http-counting', version: '1.0.0' })
        server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }))
        return server
      },
      (_req, res) => {
        if (!httpDown) return false
        res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance')
        return true
      },
    )
    const secrets = (env: Record<string, string> = {}) => ({ env, headers: {} })
    await db.prisma.mcpServer.createMany({
      data: [
        {
          id: 'counted',
          name: 'Counted',
          transport: 'stdio',
          shareConnection: true,
          config: { command: 'node', args: [COUNTING_SERVER] },
          secrets: secrets({ MCP_COUNT_FILE: countFile }),
        },
        { id: 'counted-http', name: 'Counted over HTTP', transport: 'http', shareConnection: true, config: { url: `${http.origin}/mcp` }, secrets: secrets() },
        {
          id: 'asks',
          name: 'Asks',
          transport: 'stdio',
          shareConnection: true,
          config: { command: 'node', args: [fixturePath('sampling-server')] },
          secrets: secrets(),
        },
      ],
    })
    const workflow = await db.prisma.workflow.create({ data: { name: 'w', versions: { create: { version: 1, graph: {} } } }, include: { versions: true } })
    for (let i = 0; i < 4; i++)
      runIds.push((await db.prisma.run.create({ data: { workflowId: workflow.id, versionId: workflow.versions[0].id, input: 'x' } })).id)
  })

  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()))
    rmSync(countFile, { force: true })
    httpDown = false
    httpSessions = 0
  })

  afterAll(async () => {
    await http?.close()
    await app?.notifications.close()
    await db?.close()
  })

  it('serves two runs in a row with one connection, which offered the server neither sampling nor elicitation', async () => {
    const shared = appWithPool()
    const first = await connectMcpServers(['counted'], runContext(shared, 0))
    const tool = first.get('counted')!
    expect(await echo(tool, 'one')).toBe('one')
    await closeMcpServers(first)
    expect(tool.isConnected).toBe(true)

    const second = await connectMcpServers(['counted'], runContext(shared, 1))
    expect(second.get('counted')).toBe(tool)
    expect(await echo(tool, 'two')).toBe('two')
    await closeMcpServers(second)

    const initialized = initializations(countFile)
    expect(initialized).toHaveLength(1)
    expect(initialized[0].capabilities).not.toHaveProperty('sampling')
    expect(initialized[0].capabilities).not.toHaveProperty('elicitation')
    // Each run's log still says the server is connected, with its tools.
    for (const run of [0, 1]) {
      const connected = (await app.events.listAfter(runIds[run])).filter((event) => event.type === 'mcp_connected')
      expect(connected.map((event) => event.data)).toContainEqual({ serverId: 'counted', tools: ['counted_echo'] })
    }
    expect(shared.mcpPool.stats()).toEqual({ open: 1, inUse: 0 })
  })

  it('gives runs that start together one connect', async () => {
    const shared = appWithPool()
    const connected = await Promise.all([0, 1, 2].map((run) => connectMcpServers(['counted-http'], runContext(shared, run))))
    const tools = new Set(connected.map((tools) => tools.get('counted-http')))
    expect(tools.size).toBe(1)
    expect(httpSessions).toBe(1)
    expect(shared.mcpPool.stats()).toEqual({ open: 1, inUse: 1 })
    const [tool] = tools
    expect(await Promise.all(['a', 'b', 'c'].map((text) => echo(tool!, text)))).toEqual(['a', 'b', 'c'])
    await Promise.all(connected.map((tools) => closeMcpServers(tools)))
    expect(shared.mcpPool.stats()).toEqual({ open: 1, inUse: 0 })
  })

  it('connects anew after the server changed, and closes the old connection once its last run is done', async () => {
    const shared = appWithPool()
    const before = await connectMcpServers(['counted'], runContext(shared, 0))
    const oldTool = before.get('counted')!
    await db.prisma.mcpServer.updateMany({ where: { id: 'counted' }, data: { description: 'changed' } })

    const after = await connectMcpServers(['counted'], runContext(shared, 1))
    const newTool = after.get('counted')!
    expect(newTool).not.toBe(oldTool)
    expect(initializations(countFile)).toHaveLength(2)
    // The run that began before the change keeps its connection until it is done.
    expect(oldTool.isConnected).toBe(true)
    expect(await echo(oldTool, 'still here')).toBe('still here')
    const [oldPid, newPid] = initializations(countFile).map((line) => line.pid)

    await closeMcpServers(before)
    await waitFor(async () => (isAlive(oldPid) ? undefined : true))
    expect(oldTool.isConnected).toBe(false)
    expect(isAlive(newPid)).toBe(true)
    await closeMcpServers(after)
    expect(shared.mcpPool.stats()).toEqual({ open: 1, inUse: 0 })
  })

  it('closes a connection nobody used for the idle time', async () => {
    const shared = appWithPool(100)
    const tools = await connectMcpServers(['counted'], runContext(shared, 0))
    const tool = tools.get('counted')!
    const [{ pid }] = initializations(countFile)
    await closeMcpServers(tools)
    await waitFor(async () => (shared.mcpPool.stats().open === 0 && !isAlive(pid) ? true : undefined))
    expect(tool.isConnected).toBe(false)
    // The next run connects anew.
    const again = await connectMcpServers(['counted'], runContext(shared, 1))
    expect(again.get('counted')).not.toBe(tool)
    expect(initializations(countFile)).toHaveLength(2)
    await closeMcpServers(again)
  })

  it('does not keep a failed connect: the next run tries again', async () => {
    const shared = appWithPool()
    httpDown = true
    const failed = await connectMcpServers(['counted-http'], runContext(shared, 0)).catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(McpServerConnectError)
    // Nobody's server: the outbound policy's plain words, without the remote side's.
    expect((failed as Error).message).toBe("Could not connect to MCP server 'counted-http'.")
    expect(shared.mcpPool.stats()).toEqual({ open: 0, inUse: 0 })

    httpDown = false
    const tools = await connectMcpServers(['counted-http'], runContext(shared, 1))
    expect(await echo(tools.get('counted-http')!, 'up')).toBe('up')
    expect(httpSessions).toBe(1)
    await closeMcpServers(tools)
  })

  it('gives up on a connection that broke, and connects the next run anew', async () => {
    const shared = appWithPool()
    const first = await connectMcpServers(['counted'], runContext(shared, 0))
    const broken = first.get('counted')!
    await closeMcpServers(first)
    const [{ pid }] = initializations(countFile)
    process.kill(pid, 'SIGKILL')
    await waitFor(async () => (broken.isConnected ? undefined : true))

    const next = await connectMcpServers(['counted'], runContext(shared, 1))
    const tool = next.get('counted')!
    expect(tool).not.toBe(broken)
    expect(await echo(tool, 'fresh')).toBe('fresh')
    expect(initializations(countFile)).toHaveLength(2)
    await closeMcpServers(next)
    expect(shared.mcpPool.stats()).toEqual({ open: 1, inUse: 0 })
  })

  it('checks ownership and the stdio settings for every run, also when the connection is open already', async () => {
    const shared = appWithPool()
    const tools = await connectMcpServers(['counted'], runContext(shared, 0))
    // Someone else's run does not get the admin's open connection.
    const stranger = await connectMcpServers(['counted'], runContext(shared, 1, { nameOwner: { workspaceId: 'someone-else', isAdmin: false } })).catch(
      (error: unknown) => error,
    )
    expect(stranger).toBeInstanceOf(McpServerNotFoundError)
    // The deployment turned stdio servers off: the open connection is not handed out.
    const previous = process.env.AGENTLOOM_STDIO_MCP
    process.env.AGENTLOOM_STDIO_MCP = 'off'
    try {
      const refused = await connectMcpServers(['counted'], runContext(shared, 2)).catch((error: unknown) => error)
      expect((refused as { code?: string }).code).toBe('stdio_mcp_not_allowed')
    } finally {
      if (previous === undefined) delete process.env.AGENTLOOM_STDIO_MCP
      else process.env.AGENTLOOM_STDIO_MCP = previous
    }
    expect(shared.mcpPool.stats()).toEqual({ open: 1, inUse: 1 })
    await closeMcpServers(tools)
  })

  it('answers a server that asks for sampling or for information on a shared connection with "not supported", and the connection goes on', async () => {
    const shared = appWithPool()
    const tools = await connectMcpServers(['asks'], runContext(shared, 3))
    const tool = tools.get('asks')!
    const sampling = await tool.callTool('ask_model', { question: 'Anyone there?' }).catch((error: unknown) => error)
    expect(sampling).toBeInstanceOf(ToolExecutionException)
    expect((sampling as Error).message).toBe(`sampling failed: MCP error -32603: ${NO_CLIENT_MESSAGE}`)
    // The server's SDK knows from `initialize` that this client takes no elicitation, and does not ask.
    const elicitation = await tool.callTool('confirm', { action: 'delete everything' }).catch((error: unknown) => error)
    expect((elicitation as Error).message).toBe('elicitation failed: Client does not support form elicitation.')
    // Nobody was asked.
    expect(await db.prisma.approvalRequest.count({ where: { runId: runIds[3] } })).toBe(0)
    expect(tool.isConnected).toBe(true)
    await closeMcpServers(tools)
  })
})

describe('stdio servers of shared connections when the process exits', () => {
  it('are ended, even one that ignores the end of its stdin', async () => {
    // Such a server outlives a process that does not end it…
    const orphan = await stubbornServerOfExitedProcess(['--without-pool'])
    try {
      expect(isAlive(orphan)).toBe(true)
    } finally {
      process.kill(orphan, 'SIGKILL')
    }
    // …but not one whose pool started it.
    const pooled = await stubbornServerOfExitedProcess([])
    await waitFor(async () => (isAlive(pooled) ? undefined : true))
  })
})
