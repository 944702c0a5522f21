/**
 * Importing a desktop MCP client's `{"mcpServers": {...}}` configuration: a dry run lists each
 * server with its problems; the import holds entries to the form's rules (stdio an admin action,
 * env values and headers sealed as secrets) and refuses a document with any problem.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as serverRoute from './[id]/route'
import * as importRoute from './import/route'

const TOKEN = 'desktop-header-token-7f3a'
const ENV_VALUE = 'desktop-env-value-91bc'

const config = {
  mcpServers: {
    Files: { command: 'node', args: ['files-server.mjs', '--root', '/data'], env: { FILES_TOKEN: ENV_VALUE } },
    'remote-search': { type: 'http', url: 'https://search.example.com/mcp', headers: { Authorization: `Bearer ${TOKEN}` } },
    streamy: { transport: 'streamable-http', url: 'https://streamy.example.com/mcp', alwaysAllow: ['x'] },
    sockets: { url: 'wss://ws.example.com/mcp' },
  },
}

describe('importing a desktop client configuration', () => {
  let app: TestApp
  let member: TestUser
  beforeAll(async () => {
    app = await createTestApp()
    member = await app.addUser('member')
  })
  afterAll(async () => app?.close())

  it('previews every server with its transport and the names of its secrets, writing nothing', async () => {
    const preview = await callRoute(importRoute.POST, { body: { manifest: JSON.stringify(config), dryRun: true } })
    expect(preview.status).toBe(200)
    expect(preview.body.created).toEqual(['files', 'remote-search', 'streamy', 'sockets'])
    expect(preview.body.entries).toEqual([
      expect.objectContaining({
        key: 'Files',
        id: 'files',
        transport: 'stdio',
        summary: 'node files-server.mjs --root /data',
        secretKeys: { env: ['FILES_TOKEN'], headers: [] },
        problems: [],
      }),
      expect.objectContaining({
        id: 'remote-search',
        transport: 'http',
        summary: 'https://search.example.com/mcp',
        secretKeys: { env: [], headers: ['Authorization'] },
      }),
      expect.objectContaining({ id: 'streamy', transport: 'http', problems: [] }),
      expect.objectContaining({ id: 'sockets', transport: 'websocket', problems: [] }),
    ])
    expect(JSON.stringify(preview.body)).not.toContain(TOKEN)
    expect(await app.db.prisma.mcpServer.count({ where: { id: { in: ['files', 'remote-search'] } } })).toBe(0)
  })

  it('creates the servers with their env values and headers sealed, never shown', async () => {
    const imported = await callRoute(importRoute.POST, { body: { manifest: config } })
    expect(imported.status).toBe(200)
    expect(imported.body).toEqual({ created: ['files', 'remote-search', 'streamy', 'sockets'], updated: [], skipped: [] })
    const files = await callRoute(serverRoute.GET, { params: { id: 'files' } })
    expect(files.body.server).toMatchObject({
      transport: 'stdio',
      config: { command: 'node', args: ['files-server.mjs', '--root', '/data'] },
      secretKeys: { env: ['FILES_TOKEN'] },
    })
    const row = await app.db.prisma.mcpServer.findFirstOrThrow({ where: { id: 'remote-search' } })
    expect(JSON.stringify(row.secrets)).not.toContain(TOKEN)
    expect(JSON.stringify((await callRoute(serverRoute.GET, { params: { id: 'remote-search' } })).body)).not.toContain(TOKEN)
    const again = await callRoute(importRoute.POST, { body: { manifest: config, dryRun: true } })
    expect(again.body.skipped).toEqual(['files', 'remote-search', 'streamy', 'sockets'])
  })

  it('lists each entry’s problems in a preview and refuses the import with all of them (400)', async () => {
    const bad = {
      mcpServers: {
        shell: { command: 'npx foo && rm -rf /' },
        legacy: { type: 'sse', url: 'https://old.example.com/sse' },
        both: { command: 'node', url: 'https://x.example.com' },
        'bad-url': { type: 'http', url: 'ftp://x.example.com' },
        'bad-env': { command: 'node', env: { '1BAD': 'x' } },
      },
    }
    const preview = await callRoute(importRoute.POST, { as: member, body: { manifest: bad, dryRun: true } })
    expect(preview.status).toBe(200)
    const problems = Object.fromEntries(
      preview.body.entries.map((e: { key: string; problems: Array<{ path: string; message: string }> }) => [e.key, e.problems]),
    )
    expect(problems.shell.map((p: { path: string }) => p.path)).toContain('mcpServers.shell.command')
    expect(problems.legacy[0].message).toContain('SSE transport, which is not supported')
    expect(problems.both[0].message).toContain('both a command and a url')
    expect(problems['bad-url'][0]).toMatchObject({ path: 'mcpServers.bad-url.url', message: expect.stringContaining('http:// or https://') })
    expect(problems['bad-env'].map((p: { path: string }) => p.path)).toContain('mcpServers.bad-env.env.1BAD')
    // A member may not add stdio servers, whatever the file says.
    expect(problems['bad-env'].some((p: { message: string }) => p.message.includes('Only admins'))).toBe(true)
    const refused = await callRoute(importRoute.POST, { as: member, body: { manifest: bad } })
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe('tooling_manifest_invalid')
    expect(refused.body.error.details.problems.length).toBeGreaterThanOrEqual(5)
    expect(await app.db.prisma.mcpServer.count({ where: { id: { in: ['shell', 'legacy', 'both', 'bad-url', 'bad-env'] } } })).toBe(0)
  })

  it('asks for a sign-in', async () => {
    expect((await callRoute(importRoute.POST, { as: null, body: { manifest: config, dryRun: true } })).status).toBe(401)
  })
})
