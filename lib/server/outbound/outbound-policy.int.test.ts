/**
 * The outbound policy on every path a member's address takes: saving an MCP server, its connection
 * test, a run that uses it, and an agent's model base URL through `POST /v1/responses`. The
 * services are real (SDK MCP servers and an OpenAI-compatible server on loopback, the `openai`
 * package, the run worker, Postgres); only the host resolver is the test's, since tests cannot reach
 * the public internet: it makes up public-looking names, and one whose answer changes between the
 * check and the connection (DNS rebinding).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startWsMcpServer, type WsMcpServer } from '@/lib/core/mcp/testing'
import { startLoopbackOpenAIServer, type LoopbackOpenAIServer } from '@/lib/core/testing'
import { Agent } from '@/lib/core'
import { AgentSettingsSchema, chatClientFor } from '@/lib/graph'
import { graph } from '@/lib/graph/testing/graph-builder'
import type { Principal } from '../auth/principal'
import { startLoopbackMcpServer, type LoopbackMcpServer } from '../mcp/testing/loopback-mcp-server'
import { RunService } from '../runs/run-service'
import { callRoute, principalOf, type TestUser } from '../testing/test-app'
import { createWorkerTestApp, type WorkerTestApp } from '../testing/worker-test-app'
import { WorkflowService } from '../workflows/workflow-service'
import { OutboundAllowList } from './outbound-address-rules'
import { OutboundPolicy, outboundRefusalIn, type HostResolver } from './outbound-policy'
import { pinnedFetch } from './pinned-connection'

const PUBLIC = '93.184.216.34'

/** Spellings of this machine's loopback address, and what the policy says of each. */
const loopbackForms = (port: number, path = '/mcp', scheme = 'http') => [
  { url: `${scheme}://127.0.0.1:${port}${path}`, said: '127.0.0.1 is a loopback address' },
  { url: `${scheme}://localhost:${port}${path}`, said: 'localhost resolves to a loopback address' },
  { url: `${scheme}://localhost.:${port}${path}`, said: 'localhost resolves to a loopback address' },
  { url: `${scheme}://2130706433:${port}${path}`, said: '127.0.0.1 is a loopback address' },
  { url: `${scheme}://0177.0.0.1:${port}${path}`, said: '127.0.0.1 is a loopback address' },
  { url: `${scheme}://0x7f.1:${port}${path}`, said: '127.0.0.1 is a loopback address' },
  { url: `${scheme}://127.1:${port}${path}`, said: '127.0.0.1 is a loopback address' },
  { url: `${scheme}://0.0.0.0:${port}${path}`, said: '0.0.0.0 is an unspecified address' },
  { url: `${scheme}://[::1]:${port}${path}`, said: '::1 is a loopback address' },
  { url: `${scheme}://[::ffff:127.0.0.1]:${port}${path}`, said: '::ffff:7f00:1 is a loopback address' },
  { url: `${scheme}://[64:ff9b::7f00:1]:${port}${path}`, said: '64:ff9b::7f00:1 is a loopback address' },
]

/**
 * public.example is public; allowed-tools.example and models.example are on the allow-list by name
 * (and answer with loopback, where the test's servers are); rebind-*.example answer public first
 * and loopback after.
 */
function testResolver(): HostResolver {
  const asked = new Map<string, number>()
  return async (hostname) => {
    const count = (asked.get(hostname) ?? 0) + 1
    asked.set(hostname, count)
    if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }]
    if (hostname === 'public.example') return [{ address: PUBLIC, family: 4 }]
    if (['allowed-tools.example', 'models.example', 'redirector.example'].includes(hostname)) return [{ address: '127.0.0.1', family: 4 }]
    if (hostname.startsWith('rebind-')) return [{ address: count === 1 ? PUBLIC : '127.0.0.1', family: 4 }]
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname })
  }
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return (server.address() as AddressInfo).port
}

describe('the outbound policy on members’ addresses', { timeout: 180_000 }, () => {
  let app: WorkerTestApp
  let member: TestUser
  let memberPrincipal: Principal
  let mcp: LoopbackMcpServer
  let mcpPort: number
  /** An inside server nothing may reach: every member's refused address points at it, and it must hear nothing. */
  let untouched: LoopbackMcpServer
  let untouchedPort: number
  let ws: WsMcpServer
  let model: LoopbackOpenAIServer
  let leaky: Server
  let leakyPort: number
  let redirector: Server
  let redirectorHits = 0
  let serverRoutes: typeof import('@/app/api/mcp-servers/route')
  let testRoute: typeof import('@/app/api/mcp-servers/[id]/test/route')
  let importRoute: typeof import('@/app/api/mcp-servers/import/route')
  let responsesRoute: typeof import('@/app/v1/responses/route')
  let counter = 0

  beforeAll(async () => {
    const outbound = new OutboundPolicy({ allow: OutboundAllowList.parse('allowed-tools.example,models.example,redirector.example'), resolve: testResolver() })
    app = await createWorkerTestApp({ outbound, concurrency: 2 })
    member = await app.addUser('member')
    memberPrincipal = principalOf(member)
    mcp = await startLoopbackMcpServer('inside')
    mcpPort = Number(new URL(mcp.url).port)
    untouched = await startLoopbackMcpServer('untouched')
    untouchedPort = Number(new URL(untouched.url).port)
    ws = await startWsMcpServer(() => {
      const server = new McpServer({ name: 'inside-ws', version: '1.0.0' })
      server.registerTool('secret_tool', { description: 'Inside only.', inputSchema: { text: z.string() } }, async () => ({ content: [] }))
      return server
    })
    model = await startLoopbackOpenAIServer()
    // An inside service that answers with something a member must never read.
    leaky = createServer((req, res) => {
      req.resume()
      // At /ok it answers 200, whose key names an MCP client's validation error would list.
      res.writeHead(req.url === '/ok' ? 200 : 500, { 'content-type': 'application/json' }).end(JSON.stringify({ internal: 'db-password-hunter2' }))
    })
    leakyPort = await listen(leaky)
    // An allowed host that sends its visitors inside.
    redirector = createServer((req, res) => {
      redirectorHits += 1
      req.resume()
      res.writeHead(307, { location: `http://127.0.0.1:${untouchedPort}/mcp` }).end()
    })
    await listen(redirector)
    serverRoutes = await import('@/app/api/mcp-servers/route')
    testRoute = await import('@/app/api/mcp-servers/[id]/test/route')
    importRoute = await import('@/app/api/mcp-servers/import/route')
    responsesRoute = await import('@/app/v1/responses/route')
  }, 120_000)

  afterAll(async () => {
    await mcp?.close()
    await untouched?.close()
    await ws?.close()
    await model?.close()
    leaky?.close()
    redirector?.close()
    await app?.close()
  })

  /** A member's server as if saved before the policy, or while its name still resolved elsewhere. */
  async function storedMemberServer(url: string, transport: 'http' | 'websocket' = 'http'): Promise<string> {
    const id = `member-server-${++counter}`
    await app.db.prisma.mcpServer.create({ data: { id, name: id, ownerId: member.id, workspaceId: member.personalWorkspaceId, transport, config: { url } } })
    return id
  }

  const testConnection = (id: string, as: TestUser = member) => callRoute(testRoute.POST, { method: 'POST', params: { id }, as })

  it('refuses every spelling of an inside address when a member saves a server, or imports one; an admin may save it', async () => {
    for (const { url, said } of [...loopbackForms(mcpPort), ...loopbackForms(mcpPort, '/', 'ws').slice(3, 5)]) {
      const transport = url.startsWith('ws') ? 'websocket' : 'http'
      const saved = await callRoute(serverRoutes.POST, { body: { id: `refused-${++counter}`, name: 'Inside', transport, config: { url } }, as: member })
      expect(saved.status, url).toBe(400)
      expect(saved.body.error).toMatchObject({
        code: 'outbound_address_refused',
        message: `Invalid MCP server configuration: config.url: refused by the outbound policy: ${said}`,
      })
    }
    const metadata = await callRoute(serverRoutes.POST, {
      body: { id: 'metadata', name: 'Metadata', transport: 'http', config: { url: 'http://169.254.169.254/latest/meta-data/' } },
      as: member,
    })
    expect(metadata.body.error.message).toContain('169.254.169.254 is a link-local address')
    const imported = await callRoute(importRoute.POST, { body: { manifest: { mcpServers: { inside: { url: `http://0x7f.1:${mcpPort}/mcp` } } } }, as: member })
    expect(imported.status).toBe(400)
    expect(imported.body.error.code).toBe('outbound_address_refused')
    const tooling = { mcpServers: [{ mcpServerName: 'Inside', mcpServerUniqueName: 'inside_tools', url: `http://[::1]:${mcpPort}/mcp` }] }
    const toolingImport = await callRoute(importRoute.POST, { body: { manifest: tooling }, as: member })
    expect(toolingImport.body.error).toMatchObject({ code: 'outbound_address_refused', message: expect.stringContaining('::1 is a loopback address') })
    expect(await app.db.prisma.mcpServer.count({ where: { ownerId: member.id } })).toBe(0)

    const admins = await callRoute(serverRoutes.POST, { body: { id: 'admins-inside', name: 'Inside', transport: 'http', config: { url: mcp.url } } })
    expect(admins.status).toBe(201)
    expect((await testConnection('admins-inside', app.admin)).body).toMatchObject({ ok: true, tools: [expect.objectContaining({ name: 'echo' })] })
    const adminsRun = await runAs(
      principalOf(app.admin),
      graph()
        .start()
        .agent('a', { mcpServerIds: ['admins-inside'] })
        .output()
        .chain('start', 'a', 'output')
        .build(),
      '/call admins-inside_echo {"text":"hi"}',
    )
    expect(adminsRun.outputs).toEqual(['Result: inside: hi'])
  })

  it('refuses every spelling at connection-test time, saying only what the policy says, and the inside server hears nothing', async () => {
    const heard = untouched.requests.length
    for (const { url, said } of loopbackForms(untouchedPort)) {
      const result = await testConnection(await storedMemberServer(url))
      expect(result.status, url).toBe(200)
      expect(result.body, url).toEqual({ ok: false, tools: [], error: `refused by the outbound policy: ${said}` })
    }
    for (const { url, said } of loopbackForms(Number(new URL(ws.url).port), '/', 'ws').slice(0, 6)) {
      const result = await testConnection(await storedMemberServer(url, 'websocket'))
      expect(result.body, url).toEqual({ ok: false, tools: [], error: `refused by the outbound policy: ${said}` })
    }
    expect(untouched.requests.length).toBe(heard)
    expect(ws.protocols).toEqual([])
  })

  it('tells a member neither what an allowed server said nor whether anything listens on a port', async () => {
    const answering = await testConnection(await storedMemberServer(`http://allowed-tools.example:${leakyPort}/mcp`))
    const answeringOk = await testConnection(await storedMemberServer(`http://allowed-tools.example:${leakyPort}/ok`))
    const closed = await testConnection(await storedMemberServer(`http://allowed-tools.example:1/mcp`))
    expect(answering.body).toEqual({ ok: false, tools: [], error: 'Could not connect.' })
    expect(closed.body).toEqual(answering.body)
    expect(answeringOk.body).toEqual(answering.body)
    expect(JSON.stringify([answering.body, answeringOk.body])).not.toMatch(/hunter2|internal/)
  })

  it('connects a member’s server on the allow-list, through the SDK client, in a test and in a run', async () => {
    const id = await storedMemberServer(`http://allowed-tools.example:${mcpPort}/mcp`)
    expect((await testConnection(id)).body).toMatchObject({ ok: true, tools: [expect.objectContaining({ name: 'echo' })] })
    const run = await runAs(
      memberPrincipal,
      graph()
        .start()
        .agent('a', { mcpServerIds: [id] })
        .output()
        .chain('start', 'a', 'output')
        .build(),
      `/call ${id}_echo {"text":"hi"}`,
    )
    expect(run.error).toBeNull()
    expect(run.outputs).toEqual(['Result: inside: hi'])
  })

  it('checks again when connecting: a name that resolved to a public address when saved and to loopback now is refused', async () => {
    const heard = untouched.requests.length
    const saved = await callRoute(serverRoutes.POST, {
      body: { id: 'rebinding', name: 'Rebinding', transport: 'http', config: { url: `http://rebind-mcp.example:${untouchedPort}/mcp` } },
      as: member,
    })
    expect(saved.status).toBe(201)
    expect((await testConnection('rebinding')).body).toEqual({
      ok: false,
      tools: [],
      error: 'refused by the outbound policy: rebind-mcp.example resolves to a loopback address',
    })
    expect(untouched.requests.length).toBe(heard)
    // Over WebSocket: the URL is checked before connecting (first answer), the socket's own lookup again (second).
    const wsRebinding = await storedMemberServer(`ws://rebind-ws.example:${new URL(ws.url).port}/`, 'websocket')
    expect((await testConnection(wsRebinding)).body).toEqual({
      ok: false,
      tools: [],
      error: 'refused by the outbound policy: rebind-ws.example resolves to a loopback address',
    })
    expect(ws.protocols).toEqual([])
  })

  it('checks every redirect hop: an allowed host sending the connection inside is refused', async () => {
    const heard = untouched.requests.length
    const hitsBefore = redirectorHits
    const redirecting = `http://redirector.example:${(redirector.address() as AddressInfo).port}/mcp`
    // The MCP transport follows no redirect to another origin in the first place…
    expect((await testConnection(await storedMemberServer(redirecting))).body).toEqual({ ok: false, tools: [], error: 'Could not connect.' })
    // …and the pinned fetch, which follows redirects, checks the second hop's address like the first.
    const followed = await pinnedFetch(app.outbound)(redirecting, { method: 'POST', body: '{}' }).catch((error: unknown) => error)
    expect(outboundRefusalIn(followed)?.message).toBe('refused by the outbound policy: 127.0.0.1 is a loopback address')
    expect(redirectorHits).toBe(hitsBefore + 2)
    expect(untouched.requests.length).toBe(heard)
  })

  async function runAs(owner: Principal, document: ReturnType<ReturnType<typeof graph>['build']>, input: string) {
    const workflowId = (await new WorkflowService(app.db.prisma).create(owner, { name: `w${++counter}`, graph: document })).workflow.id
    const { id } = await new RunService(app).create(owner, { workflowId, input })
    return app.endedRun(id)
  }

  it('fails a member’s run whose server is inside, in any spelling, without connecting', async () => {
    const heard = untouched.requests.length
    for (const { url, said } of loopbackForms(untouchedPort)) {
      const id = await storedMemberServer(url)
      const run = await runAs(
        memberPrincipal,
        graph()
          .start()
          .agent('a', { mcpServerIds: [id] })
          .output()
          .chain('start', 'a', 'output')
          .build(),
        'hello',
      )
      expect(run.status, url).toBe('failed')
      expect(run.error, url).toBe(`Could not connect to MCP server '${id}': refused by the outbound policy: ${said}`)
    }
    const wsId = await storedMemberServer(`ws://2130706433:${new URL(ws.url).port}/`, 'websocket')
    const wsRun = await runAs(
      memberPrincipal,
      graph()
        .start()
        .agent('a', { mcpServerIds: [wsId] })
        .output()
        .chain('start', 'a', 'output')
        .build(),
      'hello',
    )
    expect(wsRun.error).toBe(`Could not connect to MCP server '${wsId}': refused by the outbound policy: 127.0.0.1 is a loopback address`)
    expect(untouched.requests.length).toBe(heard)
    expect(ws.protocols).toEqual([])
  })

  async function memberAgent(
    name: string,
    baseUrl: string,
    provider: 'openai_chat' | 'azure_openai' | 'anthropic' | 'gemini' | 'ollama' = 'openai_chat',
  ): Promise<void> {
    const agent = await app.db.prisma.agent.create({ data: { name, ownerId: member.id, workspaceId: member.personalWorkspaceId } })
    const definition = AgentSettingsSchema.parse({ name, model: { provider, model: 'm', baseUrl } })
    await app.db.prisma.agentVersion.create({ data: { agentId: agent.id, version: 1, definition, authorId: member.id } })
  }

  const respond = (agent: string, as: TestUser = member) =>
    callRoute(responsesRoute.POST, { method: 'POST', url: 'http://localhost/v1/responses', body: { model: `agent:${agent}`, input: 'Hello' }, as })

  it('refuses a member’s saved agent whose model base URL is inside; an admin’s is saved', async () => {
    const agentsRoute = await import('@/app/api/agents/route')
    const modelPort = new URL(model.origin).port
    for (const { url, said } of loopbackForms(Number(modelPort), '/v1')) {
      const body = { name: `Inside ${++counter}`, definition: { name: 'Inside', model: { provider: 'openai_chat', baseUrl: url } } }
      const saved = await callRoute(agentsRoute.POST, { body, as: member })
      expect(saved.status, url).toBe(400)
      expect(saved.body.error, url).toMatchObject({
        code: 'outbound_address_refused',
        message: `Invalid agent: model.baseUrl: refused by the outbound policy: ${said}`,
      })
    }
    const publicOne = { name: 'Public', definition: { name: 'Public', model: { provider: 'openai_chat', baseUrl: 'https://public.example/v1' } } }
    expect((await callRoute(agentsRoute.POST, { body: publicOne, as: member })).status).toBe(201)
    const admins = { name: 'Local model', definition: { name: 'Local model', model: { provider: 'openai_chat', model: 'm', baseUrl: model.baseURL } } }
    expect((await callRoute(agentsRoute.POST, { body: admins })).status).toBe(201)
    // An admin's run reaches the model server at the loopback address, as before.
    model.enqueue({ text: ['Hello from the local model'] })
    expect((await respond('Local model', app.admin)).body).toMatchObject({ status: 'completed', output_text: 'Hello from the local model' })
  })

  it.each(['anthropic', 'gemini', 'ollama', 'azure_openai'] as const)('refuses a %s agent’s base URL inside as it refuses an OpenAI one', async (provider) => {
    const asked = model.requests.length
    const name = `Inside ${provider} ${++counter}`
    await memberAgent(name, `http://127.0.0.1:${new URL(model.origin).port}/v1`, provider)
    const answer = await respond(name)
    expect(answer.body.status).toBe('failed')
    expect(answer.body.error.message).toContain('could not reach the service: refused by the outbound policy: 127.0.0.1 is a loopback address')
    expect(model.requests.length).toBe(asked)
  })

  it('refuses an agent’s model base URL inside, in any spelling, through /v1/responses', async () => {
    const asked = model.requests.length
    for (const { url, said } of loopbackForms(Number(new URL(model.origin).port), '/v1')) {
      const name = `Inside ${++counter}`
      await memberAgent(name, url)
      const answer = await respond(name)
      expect(answer.body.status, url).toBe('failed')
      expect(answer.body.error.message, url).toContain(`could not reach the service: refused by the outbound policy: ${said}`)
    }
    expect(model.requests.length).toBe(asked)
  })

  it('reaches an allowed model server with the openai package, and shows a member none of its error body', async () => {
    await memberAgent('Allowed model', `http://models.example:${new URL(model.origin).port}/v1`)
    model.enqueue({ text: ['Hello from the allowed model'] })
    const answer = await respond('Allowed model')
    expect(answer.body).toMatchObject({ status: 'completed', output_text: 'Hello from the allowed model' })

    model.enqueue({ type: 'http_error', status: 400, message: 'internal detail: db-password-hunter2' })
    const failed = await respond('Allowed model')
    expect(failed.body.status).toBe('failed')
    expect(failed.body.error.message).toContain('400')
    expect(JSON.stringify(failed.body)).not.toContain('hunter2')
  })

  it('reaches an allowed Azure OpenAI endpoint through the pinned fetch, and refuses one inside at its first request, without retrying', async () => {
    await memberAgent('Allowed Azure', `http://models.example:${new URL(model.origin).port}/`, 'azure_openai')
    model.enqueue({ text: ['Hello from the allowed Azure resource'] })
    expect((await respond('Allowed Azure')).body).toMatchObject({ status: 'completed', output_text: 'Hello from the allowed Azure resource' })
    expect(model.requests.at(-1)!.path).toBe('/openai/deployments/m/chat/completions')

    // The package retries what a fetch throws for a network failure; a refusal is final (caller-fetch-refusals.ts).
    const policed = pinnedFetch(app.outbound)
    let attempts = 0
    const counting: typeof fetch = (input, init) => {
      attempts += 1
      return policed(input, init)
    }
    const client = chatClientFor({ provider: 'azure_openai', model: 'dep', baseUrl: 'http://169.254.169.254/' }, {}, { apiKey: 'azure-key' }, counting)
    await expect(new Agent({ client }).run('hi')).rejects.toThrow(
      'could not reach the service: refused by the outbound policy: 169.254.169.254 is a link-local address',
    )
    expect(attempts).toBe(1)
  })

  it('refuses a model server that redirects inside, and a model name that rebinds to loopback after being checked', async () => {
    const asked = model.requests.length
    await memberAgent('Redirected model', `http://redirector.example:${(redirector.address() as AddressInfo).port}/v1`)
    const redirected = await respond('Redirected model')
    expect(redirected.body.error.message).toContain('refused by the outbound policy: 127.0.0.1 is a loopback address')

    const policy = app.outbound
    await policy.check(`http://rebind-model.example:${new URL(model.origin).port}/v1`)
    await memberAgent('Rebinding model', `http://rebind-model.example:${new URL(model.origin).port}/v1`)
    const rebound = await respond('Rebinding model')
    expect(rebound.body.error.message).toContain('refused by the outbound policy: rebind-model.example resolves to a loopback address')
    expect(model.requests.length).toBe(asked)
  })
})
