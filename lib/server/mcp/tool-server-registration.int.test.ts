import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MCPConnectionException, type FunctionResultContent } from '@/lib/core'
import { ScriptedChatClient, functionCall, modelFunctionCalls, modelResponse } from '@/lib/core/testing'
import type { Database } from '../db/database'
import { SecretBox } from '../secrets/secret-box'
import { createTestDatabase } from '../testing/test-database'
import { AGENTLOOM_VERSION } from '../agentloom-version'
import { startLoopbackMcpServer, type LoopbackMcpServer } from './testing/loopback-mcp-server'
import { PrismaToolServerSource, ToolServerRegistrationService, type ToolServerConfig, type ToolServerSource } from './tool-server-registration'

let mail: LoopbackMcpServer
let calendar: LoopbackMcpServer
beforeAll(async () => {
  ;[mail, calendar] = await Promise.all([startLoopbackMcpServer('mail'), startLoopbackMcpServer('calendar')])
})
afterAll(async () => {
  await Promise.all([mail?.close(), calendar?.close()])
})

const closers: Array<() => Promise<void>> = []
/** Rows written straight to the table here hold plain secrets, as rows from before encryption do; the box still opens them. */
const secretBox = new SecretBox(randomBytes(32))
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

function source(servers: ToolServerConfig[]): ToolServerSource {
  return { listToolServers: async (ids) => (ids ? ids.flatMap((id) => servers.filter((s) => s.id === id)) : servers) }
}

const server = (id: string, url: string, headers: Record<string, string> = {}): ToolServerConfig => ({
  id,
  name: `${id} server`,
  description: '',
  url,
  headers,
})

describe('ToolServerRegistrationService', () => {
  it('sends a bearer token from the token source and an Agentloom user agent to each server', async () => {
    const asked: string[] = []
    const service = new ToolServerRegistrationService(source([server('mail', mail.url, { 'X-Tenant': 'acme', Authorization: 'Bearer stale' })]), {
      tokenSource: (s) => {
        asked.push(s.id)
        return `token-for-${s.id}`
      },
    })
    const [tool] = await service.createTools()
    closers.push(() => tool.close())
    expect(tool.name).toBe('mail')
    expect(new ToolServerRegistrationService(source([]), { prefixToolNames: false }).createTool(server('m', mail.url)).name).toBe('m')
    expect(tool.description).toBe('MCP tools from mail server')
    await tool.connect()
    expect((await tool.callTool('echo', { text: 'hi' })).content).toEqual([{ type: 'text', text: 'mail: hi' }])
    expect(mail.requests.length).toBeGreaterThan(0)
    for (const headers of mail.requests) {
      expect(headers.authorization).toBe('Bearer token-for-mail')
      expect(headers['user-agent']).toBe(`Agentloom/${AGENTLOOM_VERSION}`)
      expect(headers['x-tenant']).toBe('acme')
    }
    expect(new Set(asked)).toEqual(new Set(['mail']))
  })

  it('keeps stored headers and sends no Authorization when there is no token', async () => {
    calendar.requests.length = 0
    const withStored = new ToolServerRegistrationService(source([server('calendar', calendar.url, { Authorization: 'Bearer stored' })]), { version: '9.9.9' })
    const [tool] = await withStored.createTools()
    closers.push(() => tool.close())
    await tool.connect()
    expect(calendar.requests.every((h) => h.authorization === 'Bearer stored' && h['user-agent'] === 'Agentloom/9.9.9')).toBe(true)

    calendar.requests.length = 0
    const noToken = new ToolServerRegistrationService(source([server('calendar', calendar.url)]), { tokenSource: () => undefined })
    const [other] = await noToken.createTools()
    closers.push(() => other.close())
    await other.connect()
    expect(calendar.requests.every((h) => h.authorization === undefined)).toBe(true)
  })

  it('builds an agent whose model can call every server’s tools', async () => {
    const service = new ToolServerRegistrationService(source([server('mail', mail.url), server('calendar', calendar.url)]), { tokenSource: () => 't' })
    const client = new ScriptedChatClient([
      modelFunctionCalls(functionCall('mail_echo', { text: 'x' }), functionCall('calendar_echo', { text: 'y' })),
      modelResponse('done'),
    ])
    const { agent, tools, close } = await service.addToolServersToAgent({ client, instructions: 'Use the tools.' })
    closers.push(close)
    expect(tools.map((t) => t.name)).toEqual(['mail', 'calendar'])
    expect(tools.flatMap((t) => t.functions.map((f) => f.name))).toEqual(['mail_echo', 'calendar_echo'])
    expect((await agent.run('go')).text).toBe('done')
    const results = client.lastCall!.messages.flatMap((m) => m.contents).filter((c): c is FunctionResultContent => c.type === 'function_result')
    expect(JSON.stringify(results.map((r) => r.result))).toContain('mail: x')
    expect(JSON.stringify(results.map((r) => r.result))).toContain('calendar: y')
  })

  it('closes the servers already connected when one cannot be reached', async () => {
    const unreachable = 'http://127.0.0.1:1/mcp'
    const service = new ToolServerRegistrationService(source([server('mail', mail.url), server('down', unreachable)]))
    await expect(service.addToolServersToAgent({ client: new ScriptedChatClient() })).rejects.toBeInstanceOf(MCPConnectionException)
  })
})

describe('PrismaToolServerSource', () => {
  let db: Database
  beforeAll(async () => {
    db = await createTestDatabase()
    await db.prisma.mcpServer.createMany({
      data: [
        { id: 'mail', name: 'Mail', transport: 'http', config: { url: mail.url }, secrets: { headers: { 'X-Key': 'k' } } },
        { id: 'calendar', name: 'Calendar', transport: 'http', config: { url: calendar.url } },
        { id: 'off', name: 'Off', transport: 'http', config: { url: mail.url }, enabled: false },
        { id: 'local', name: 'Local', transport: 'stdio', config: { command: 'node', args: [] } },
        { id: 'broken', name: 'Broken', transport: 'http', config: { url: 'not a url' } },
      ],
    })
  })
  afterAll(async () => {
    await db?.close()
  })

  it('lists enabled http servers with valid configurations, in the order asked for', async () => {
    const warnings: string[] = []
    const prismaSource = new PrismaToolServerSource(db.prisma, secretBox, { warn: (m: string) => warnings.push(m) })
    expect((await prismaSource.listToolServers()).map((s) => s.id)).toEqual(['calendar', 'mail'])
    expect(warnings).toEqual(["MCP server 'broken' has an invalid stored configuration; it is not registered."])
    expect(await prismaSource.listToolServers(['mail', 'off', 'local', 'calendar'])).toEqual([
      { id: 'mail', name: 'Mail', description: '', url: mail.url, headers: { 'X-Key': 'k' } },
      { id: 'calendar', name: 'Calendar', description: '', url: calendar.url, headers: {} },
    ])
  })

  it('feeds the registration service', async () => {
    const service = new ToolServerRegistrationService(new PrismaToolServerSource(db.prisma, secretBox), { tokenSource: () => 'db-token' })
    const tools = await service.createTools(['calendar'])
    closers.push(() => Promise.all(tools.map((t) => t.close())).then(() => undefined))
    await tools[0].connect()
    expect((await tools[0].callTool('echo', { text: 'from db' })).content).toEqual([{ type: 'text', text: 'calendar: from db' }])
  })
})
