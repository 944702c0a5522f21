/**
 * The MCP server API as the browser uses it, on a real test database: create, edit, test, remove,
 * import — and secrets that go in but never come out.
 */
import { DEFAULT_MCP_SERVER_SETTINGS } from '@/lib/contracts/mcp-server-settings'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exampleWorkflowDocument } from '@/lib/graph'
import { McpServerRegistry } from '@/lib/server/mcp/mcp-server-registry'
import { callRoute, createTestApp } from '@/lib/server/testing/test-app'
import * as versionsRoute from '../workflows/[id]/versions/route'
import * as workflowsRoute from '../workflows/route'
import * as serverRoute from './[id]/route'
import * as testRoute from './[id]/test/route'
import * as importRoute from './import/route'
import * as serversRoute from './route'
import { atCurrentVersion } from '@/lib/server/testing/at-current-version'

/** PATCH as a client that just read the resource (If-Match with its ETag). */
const patchServer = atCurrentVersion(serverRoute)

const ENV_SECRET = 'env-secret-6d1f0a'
const HEADER_SECRET = 'header-secret-93c2be'

const stdioServer = {
  id: 'notes',
  name: 'Notes',
  description: 'Keeps notes',
  transport: 'stdio',
  config: { command: 'node', args: ['examples/mcp-servers/research-assistant.mjs'] },
  secrets: { env: { API_KEY: ENV_SECRET, REGION: 'eu-secret-region' } },
}

const httpServer = {
  id: 'search',
  name: 'Search',
  transport: 'http',
  config: { url: 'https://tools.example.com/mcp' },
  secrets: { headers: { Authorization: `Bearer ${HEADER_SECRET}` } },
}

/** The raw response text: secrets must not appear in it anywhere, in any field. */
function raw(response: { body: unknown }): string {
  return JSON.stringify(response.body)
}

describe('MCP server routes', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let registry: McpServerRegistry
  beforeAll(async () => {
    app = await createTestApp()
    registry = new McpServerRegistry(app.db.prisma, app.secrets)
  })
  afterAll(async () => app?.close())

  it('creates servers, showing secret key names but never values', async () => {
    const created = await callRoute(serversRoute.POST, { body: stdioServer })
    expect(created.status).toBe(201)
    expect(created.body.server).toEqual({
      id: 'notes',
      name: 'Notes',
      description: 'Keeps notes',
      transport: 'stdio',
      enabled: true,
      loadToolsOnDemand: false,
      shareConnection: false,
      summary: 'node examples/mcp-servers/research-assistant.mjs',
      config: { command: 'node', args: ['examples/mcp-servers/research-assistant.mjs'] },
      secretKeys: { env: ['API_KEY', 'REGION'], headers: [] },
      settings: DEFAULT_MCP_SERVER_SETTINGS,
      version: 1,
    })
    expect(raw(created)).not.toContain(ENV_SECRET)
    expect(raw(created)).not.toContain('eu-secret-region')

    const http = await callRoute(serversRoute.POST, { body: httpServer })
    expect(http.status).toBe(201)
    expect(http.body.server.secretKeys).toEqual({ env: [], headers: ['Authorization'] })
    expect(raw(http)).not.toContain(HEADER_SECRET)

    const list = await callRoute(serversRoute.GET)
    expect(list.body.servers.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(['notes', 'search', 'research-assistant']))
    const detail = await callRoute(serverRoute.GET, { params: { id: 'search' } })
    expect(detail.body).toMatchObject({ server: { id: 'search', config: { url: 'https://tools.example.com/mcp' } }, referencedBy: [] })
    for (const response of [list, detail]) {
      expect(raw(response)).not.toContain(HEADER_SECRET)
      expect(raw(response)).not.toContain(ENV_SECRET)
    }
    // The values are there for connecting, server-side only.
    expect((await registry.connectionConfig('notes')).secrets.env).toEqual({ API_KEY: ENV_SECRET, REGION: 'eu-secret-region' })
  })

  it('answers a taken id with 409', async () => {
    const again = await callRoute(serversRoute.POST, { body: { ...stdioServer, name: 'Other' } })
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'mcp_server_exists' } } })
  })

  it('edits fields, merges secrets and toggles enabled', async () => {
    const edited = await callRoute(patchServer, {
      params: { id: 'notes' },
      body: {
        name: 'Notes v2',
        enabled: false,
        config: { command: '/usr/bin/env', args: ['node', 'x.mjs'], cwd: 'examples' },
        secrets: { env: { REGION: null, TOKEN: 'new-token-value' } },
      },
    })
    expect(edited.status).toBe(200)
    expect(edited.body.server).toMatchObject({
      name: 'Notes v2',
      enabled: false,
      config: { command: '/usr/bin/env', args: ['node', 'x.mjs'], cwd: 'examples' },
      secretKeys: { env: ['API_KEY', 'TOKEN'], headers: [] },
    })
    expect(raw(edited)).not.toContain('new-token-value')
    expect(raw(edited)).not.toContain(ENV_SECRET)
    // API_KEY was omitted: it keeps its value.
    expect((await registry.connectionConfig('notes')).secrets.env).toEqual({ API_KEY: ENV_SECRET, TOKEN: 'new-token-value' })

    const toggled = await callRoute(patchServer, { params: { id: 'notes' }, body: { enabled: true } })
    expect(toggled.body.server).toMatchObject({ enabled: true, name: 'Notes v2', config: { command: '/usr/bin/env' } })
  })

  it('turns loading tools on demand on and off, and keeps it through edits that leave it out', async () => {
    const created = await callRoute(serversRoute.POST, { body: { ...httpServer, id: 'many-tools', loadToolsOnDemand: true } })
    expect(created).toMatchObject({ status: 201, body: { server: { id: 'many-tools', loadToolsOnDemand: true } } })
    const renamed = await callRoute(patchServer, { params: { id: 'many-tools' }, body: { name: 'Many tools' } })
    expect(renamed.body.server).toMatchObject({ name: 'Many tools', loadToolsOnDemand: true })
    const listed = (await callRoute(serversRoute.GET)).body.servers.find((s: { id: string }) => s.id === 'many-tools')
    expect(listed).toMatchObject({ loadToolsOnDemand: true })
    expect((await registry.connectionConfig('many-tools')).loadToolsOnDemand).toBe(true)

    const off = await callRoute(patchServer, { params: { id: 'many-tools' }, body: { loadToolsOnDemand: false } })
    expect(off.body.server).toMatchObject({ name: 'Many tools', loadToolsOnDemand: false })
    expect((await callRoute(serverRoute.GET, { params: { id: 'many-tools' } })).body.server.loadToolsOnDemand).toBe(false)
    expect((await callRoute(serverRoute.DELETE, { params: { id: 'many-tools' } })).status).toBe(200)
  })

  it('shares a connection across runs when told, and keeps the setting through edits that leave it out', async () => {
    const created = await callRoute(serversRoute.POST, { body: { ...httpServer, id: 'shared', shareConnection: true } })
    expect(created).toMatchObject({ status: 201, body: { server: { id: 'shared', shareConnection: true, loadToolsOnDemand: false } } })
    const renamed = await callRoute(patchServer, { params: { id: 'shared' }, body: { name: 'Shared' } })
    expect(renamed.body.server).toMatchObject({ name: 'Shared', shareConnection: true })
    expect((await callRoute(serversRoute.GET)).body.servers.find((s: { id: string }) => s.id === 'shared')).toMatchObject({ shareConnection: true })
    expect((await registry.connectionConfig('shared')).shareConnection).toBe(true)

    const off = await callRoute(patchServer, { params: { id: 'shared' }, body: { shareConnection: false } })
    expect(off.body.server).toMatchObject({ shareConnection: false })
    expect((await callRoute(serverRoute.GET, { params: { id: 'shared' } })).body.server.shareConnection).toBe(false)
    const audited = await app.db.prisma.auditLog.findFirstOrThrow({
      where: { resourceId: 'shared', action: 'mcp_server.update' },
      orderBy: { createdAt: 'desc' },
    })
    expect(audited.details).toMatchObject({ changed: ['shareConnection'], before: { shareConnection: true }, after: { shareConnection: false } })
    expect((await callRoute(serverRoute.DELETE, { params: { id: 'shared' } })).status).toBe(200)
  })

  it('refuses a shared connection that loads tools on demand with 400 naming both settings', async () => {
    const issues = [
      { path: 'shareConnection', message: expect.stringContaining('loadToolsOnDemand') },
      { path: 'loadToolsOnDemand', message: expect.stringContaining('shareConnection') },
    ]
    const both = await callRoute(serversRoute.POST, { body: { ...httpServer, id: 'both', shareConnection: true, loadToolsOnDemand: true } })
    expect(both).toMatchObject({ status: 400, body: { error: { code: 'invalid_request', details: { issues } } } })
    expect(both.body.error.message).toMatch(/^Invalid request body: shareConnection: .*loadToolsOnDemand.*; loadToolsOnDemand: .*shareConnection/)
    expect((await callRoute(serverRoute.GET, { params: { id: 'both' } })).status).toBe(404)

    // One setting turned on where the stored server has the other.
    await callRoute(serversRoute.POST, { body: { ...httpServer, id: 'on-demand', loadToolsOnDemand: true } })
    const sharing = await callRoute(patchServer, { params: { id: 'on-demand' }, body: { shareConnection: true } })
    expect(sharing).toMatchObject({ status: 400, body: { error: { code: 'invalid_request', details: { issues } } } })
    expect(sharing.body.error.message).toContain('shareConnection')
    expect(sharing.body.error.message).toContain('loadToolsOnDemand')
    const bothPatched = await callRoute(patchServer, { params: { id: 'on-demand' }, body: { shareConnection: true, loadToolsOnDemand: true } })
    expect(bothPatched).toMatchObject({ status: 400, body: { error: { details: { issues } } } })
    expect((await callRoute(serverRoute.GET, { params: { id: 'on-demand' } })).body.server).toMatchObject({ loadToolsOnDemand: true, shareConnection: false })
    // Switching from one to the other in one request is fine.
    const switched = await callRoute(patchServer, { params: { id: 'on-demand' }, body: { shareConnection: true, loadToolsOnDemand: false } })
    expect(switched.body.server).toMatchObject({ loadToolsOnDemand: false, shareConnection: true })
    expect((await callRoute(serverRoute.DELETE, { params: { id: 'on-demand' } })).status).toBe(200)
  })

  it('answers a setting that is not true or false with 400', async () => {
    const expected = {
      status: 400,
      body: {
        error: {
          code: 'invalid_request',
          message: 'Invalid request body: loadToolsOnDemand: Must be true or false.',
          details: { issues: [{ path: 'loadToolsOnDemand', message: 'Must be true or false.' }] },
        },
      },
    }
    expect(await callRoute(serversRoute.POST, { body: { ...stdioServer, id: 'fresh', loadToolsOnDemand: 'yes' } })).toMatchObject(expected)
    expect(await callRoute(patchServer, { params: { id: 'notes' }, body: { loadToolsOnDemand: 1 } })).toMatchObject(expected)
    expect((await callRoute(serverRoute.GET, { params: { id: 'fresh' } })).status).toBe(404)
    expect((await callRoute(serverRoute.GET, { params: { id: 'notes' } })).body.server.loadToolsOnDemand).toBe(false)
  })

  it('changes the transport only with a new configuration, dropping secrets the new transport does not use', async () => {
    const missing = await callRoute(patchServer, { params: { id: 'notes' }, body: { transport: 'http' } })
    expect(missing).toMatchObject({ status: 400, body: { error: { code: 'invalid_request', details: { issues: [{ path: 'config' }] } } } })
    const wrongKind = await callRoute(patchServer, {
      params: { id: 'notes' },
      body: { transport: 'http', config: { url: 'https://notes.example.com/mcp' }, secrets: { env: { API_KEY: 'x' } } },
    })
    expect(wrongKind.status).toBe(400)
    const wrongConfig = await callRoute(patchServer, { params: { id: 'notes' }, body: { transport: 'http', config: { command: 'node' } } })
    expect(wrongConfig.status).toBe(400)
    expect(wrongConfig.body.error.details.issues.map((i: { path: string }) => i.path)).toContain('config.url')

    const moved = await callRoute(patchServer, {
      params: { id: 'notes' },
      body: { transport: 'http', config: { url: 'https://notes.example.com/mcp' }, secrets: { headers: { 'X-Api-Key': 'hk-123456' } } },
    })
    expect(moved.body.server).toMatchObject({ transport: 'http', summary: 'https://notes.example.com/mcp', secretKeys: { env: [], headers: ['X-Api-Key'] } })
    expect((await registry.connectionConfig('notes')).secrets).toEqual({ env: {}, headers: { 'X-Api-Key': 'hk-123456' } })
  })

  it('answers bad input with 400 and unknown servers with 404', async () => {
    const bad = [
      { ...stdioServer, id: 'Bad Id' },
      { ...stdioServer, id: 'fresh', config: { command: 'node server.mjs' } },
      { ...stdioServer, id: 'fresh', config: { command: 'rm -rf / ; echo' } },
      { ...stdioServer, id: 'fresh', config: { command: 'node', args: 'server.mjs' } },
      { ...httpServer, id: 'fresh', config: { url: 'ftp://tools.example.com' } },
      { ...httpServer, id: 'fresh', secrets: { env: { A: 'b' } } },
      { ...stdioServer, id: 'import' },
      { ...stdioServer, id: 'fresh', transport: 'carrier-pigeon' },
    ]
    for (const body of bad) {
      const response = await callRoute(serversRoute.POST, { body })
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body.error.code).toBe('invalid_request')
    }
    expect((await callRoute(serversRoute.POST, { rawBody: '{"id":' })).body.error.code).toBe('invalid_json')
    expect((await callRoute(patchServer, { params: { id: 'search' }, body: {} })).status).toBe(400)
    expect((await callRoute(patchServer, { params: { id: 'search' }, body: { id: 'renamed' } })).status).toBe(400)
    expect((await callRoute(serverRoute.GET, { params: { id: 'Not/An/Id' } })).status).toBe(400)

    for (const call of [
      callRoute(serverRoute.GET, { params: { id: 'ghost' } }),
      callRoute(patchServer, { params: { id: 'ghost' }, body: { enabled: false } }),
      callRoute(serverRoute.DELETE, { params: { id: 'ghost' } }),
      callRoute(testRoute.POST, { params: { id: 'ghost' } }),
    ]) {
      expect(await call).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: "MCP server 'ghost' not found." } } })
    }
  })

  it('tests the shipped stdio example server: its tools are listed', async () => {
    const tested = await callRoute(testRoute.POST, { params: { id: 'research-assistant' } })
    expect(tested.status).toBe(200)
    expect(tested.body.ok).toBe(true)
    expect(tested.body.tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['summarize_topic', 'word_count']))
  })

  it('reports a failed connection as a result, without secrets', async () => {
    await callRoute(serversRoute.POST, {
      body: { id: 'broken', name: 'Broken', transport: 'stdio', config: { command: '/nonexistent/bin/server' }, secrets: { env: { API_KEY: ENV_SECRET } } },
    })
    const tested = await callRoute(testRoute.POST, { params: { id: 'broken' } })
    expect(tested.status).toBe(200)
    expect(tested.body).toMatchObject({
      ok: false,
      tools: [],
      error: "The command '/nonexistent/bin/server' was not found (is it installed and on PATH?) (ENOENT).",
    })
    expect(raw(tested)).not.toContain(ENV_SECRET)
  })

  it('lists the workflows that use a server, before and when it is deleted', async () => {
    const { body } = await callRoute(workflowsRoute.POST, { body: { name: 'Uses search' } })
    const document = exampleWorkflowDocument()
    const agent = document.nodes.find((node) => node.kind === 'agent')
    if (agent?.kind !== 'agent') throw new Error('the example has an agent')
    agent.data.mcpServerIds = ['search']
    expect((await callRoute(versionsRoute.POST, { params: { id: body.workflow.id }, body: { graph: document, baseVersion: 1 } })).status).toBe(201)

    const expected = [{ workflowId: body.workflow.id, workflowName: 'Uses search', versions: [2], latest: true }]
    expect((await callRoute(serverRoute.GET, { params: { id: 'search' } })).body.referencedBy).toEqual(expected)
    const removed = await callRoute(serverRoute.DELETE, { params: { id: 'search' } })
    expect(removed).toMatchObject({ status: 200, body: { deleted: 'search', referencedBy: expected } })
    expect((await callRoute(serverRoute.GET, { params: { id: 'search' } })).status).toBe(404)
    await expect(registry.connectionConfig('search')).rejects.toThrow("MCP server 'search' not found.")

    const unused = await callRoute(serverRoute.DELETE, { params: { id: 'broken' } })
    expect(unused.body).toEqual({ deleted: 'broken', referencedBy: [] })
    // The seeded example workflow uses the seeded server.
    const example = await callRoute(serverRoute.GET, { params: { id: 'research-assistant' } })
    expect(example.body.referencedBy.map((r: { workflowName: string }) => r.workflowName)).toContain('Research assistant')
  })

  it('imports a tool-server manifest, then skips or updates what exists', async () => {
    const manifest = {
      mcpServers: [
        {
          mcpServerName: 'Mail',
          mcpServerUniqueName: 'mcp_mail',
          url: 'https://tools.example.com/mail',
          headers: { Authorization: `Bearer ${HEADER_SECRET}` },
        },
        { mcpServerUniqueName: 'mcp_calendar' },
      ],
    }
    const first = await callRoute(importRoute.POST, { body: { manifest, serverUrlBase: 'https://tools.example.com/servers' } })
    expect(first).toMatchObject({ status: 200, body: { created: ['mcp_mail', 'mcp_calendar'], updated: [], skipped: [] } })
    const mail = await callRoute(serverRoute.GET, { params: { id: 'mcp_mail' } })
    expect(mail.body.server).toMatchObject({ transport: 'http', loadToolsOnDemand: false, secretKeys: { headers: ['Authorization'] } })
    expect(raw(mail)).not.toContain(HEADER_SECRET)

    const text = JSON.stringify({ mcpServers: [manifest.mcpServers[0]] })
    expect((await callRoute(importRoute.POST, { body: { manifest: text } })).body).toEqual({ created: [], updated: [], skipped: ['mcp_mail'] })
    // An update from the manifest keeps what the person chose here, like the enabled flag.
    await callRoute(patchServer, { params: { id: 'mcp_mail' }, body: { loadToolsOnDemand: true } })
    expect((await callRoute(importRoute.POST, { body: { manifest: text, onExisting: 'update' } })).body).toEqual({
      created: [],
      updated: ['mcp_mail'],
      skipped: [],
    })
    expect((await callRoute(serverRoute.GET, { params: { id: 'mcp_mail' } })).body.server.loadToolsOnDemand).toBe(true)

    const invalid = await callRoute(importRoute.POST, { body: { manifest: { mcpServers: [{ mcpServerName: 'x', url: 'ftp://x' }, {}] } } })
    expect(invalid.status).toBe(400)
    expect(invalid.body.error.code).toBe('tooling_manifest_invalid')
    expect(invalid.body.error.details.problems.map((p: { path: string }) => p.path)).toEqual(['mcpServers[0].url', 'mcpServers[1]'])
    expect((await callRoute(importRoute.POST, { body: { manifest: '{not json' } })).body.error.code).toBe('tooling_manifest_invalid')
    expect((await callRoute(importRoute.POST, { body: { manifest: {}, onExisting: 'replace' } })).status).toBe(400)
  })
})
