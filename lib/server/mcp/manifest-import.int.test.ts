import { DEFAULT_MCP_SERVER_SETTINGS } from '@/lib/contracts/mcp-server-settings'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listAuditEntries } from '../audit/audit-log'
import { McpServerRegistry } from '../mcp/mcp-server-registry'
import { createTestApp, principalOf, type TestApp, type TestUser } from '../testing/test-app'
import { importToolingManifest } from './manifest-import'
import { ToolingManifestError } from './tool-server-manifest'

let app: TestApp
let member: TestUser
beforeAll(async () => {
  app = await createTestApp({ seed: false, install: false })
  member = await app.addUser('member')
})
afterAll(async () => {
  await app?.close()
})

const manifest = {
  mcpServers: [
    {
      mcpServerName: 'Mail tools',
      mcpServerUniqueName: 'mcp_MailTools',
      url: 'https://tools.example.com/mail',
      headers: { Authorization: 'Bearer secret-token' },
    },
    { mcpServerUniqueName: 'mcp_Calendar' },
  ],
}

const asAdmin = () => principalOf(app.admin)
const options = (extra: { onExisting?: 'skip' | 'replace'; serverUrlBase?: string } = {}) => ({ secretBox: app.secrets.box, ...extra })

describe('importToolingManifest', () => {
  it('creates http MCP servers owned by the importer, whose headers stay secret', async () => {
    const result = await importToolingManifest(
      app.db.prisma,
      JSON.stringify(manifest),
      asAdmin(),
      options({ serverUrlBase: 'https://tools.example.com/servers' }),
    )
    expect(result).toEqual({ created: ['mcp_mailtools', 'mcp_calendar'], updated: [], skipped: [] })
    const registry = new McpServerRegistry(app.db.prisma, app.secrets)
    expect(await registry.connectionConfig('mcp_mailtools')).toEqual({
      id: 'mcp_mailtools',
      rowId: expect.any(String),
      name: 'Mail tools',
      transport: 'http',
      config: { url: 'https://tools.example.com/mail' },
      secrets: { env: {}, headers: { Authorization: 'Bearer secret-token' } },
      loadToolsOnDemand: false,
      shareConnection: false,
      updatedAt: expect.any(Date),
      settings: DEFAULT_MCP_SERVER_SETTINGS,
      ownerIsAdmin: true,
    })
    expect((await registry.connectionConfig('mcp_calendar')).config).toEqual({ url: 'https://tools.example.com/servers/mcp_Calendar' })
    const views = await registry.list(asAdmin())
    expect(JSON.stringify(views)).not.toContain('secret-token')
    expect(views.find((v) => v.id === 'mcp_mailtools')).toMatchObject({
      transport: 'http',
      enabled: true,
      description: 'MCP tools from Mail tools',
      summary: 'https://tools.example.com/mail',
    })
    expect((await app.db.prisma.mcpServer.findFirstOrThrow({ where: { id: 'mcp_mailtools' } })).ownerId).toBe(app.admin.id)
    expect(await registry.list(principalOf(member))).toEqual([])

    const { entries } = await listAuditEntries(app.db.prisma, { resourceType: 'mcp_server', resourceId: 'mcp_mailtools' })
    expect(entries).toMatchObject([
      { action: 'mcp_server.create', actorId: app.admin.id, details: { source: 'manifest', after: { secretKeys: { headers: ['Authorization'] } } } },
    ])
    expect(JSON.stringify(entries)).not.toContain('secret-token')
  })

  it('skips existing servers by default and replaces them when asked, keeping the enabled flag', async () => {
    await app.db.prisma.mcpServer.updateMany({ where: { id: 'mcp_mailtools' }, data: { enabled: false } })
    const changed = {
      mcpServers: [
        { ...manifest.mcpServers[0], url: 'https://tools.example.com/mail-v2' },
        { mcpServerName: 'new-one', url: 'https://n.example/mcp' },
      ],
    }
    expect(await importToolingManifest(app.db.prisma, changed, asAdmin(), options())).toEqual({ created: ['new-one'], updated: [], skipped: ['mcp_mailtools'] })
    expect((await app.db.prisma.mcpServer.findFirstOrThrow({ where: { id: 'mcp_mailtools' } })).config).toEqual({ url: 'https://tools.example.com/mail' })
    expect(await importToolingManifest(app.db.prisma, changed, asAdmin(), options({ onExisting: 'replace' }))).toEqual({
      created: [],
      updated: ['mcp_mailtools', 'new-one'],
      skipped: [],
    })
    const row = await app.db.prisma.mcpServer.findFirstOrThrow({ where: { id: 'mcp_mailtools' } })
    expect(row.config).toEqual({ url: 'https://tools.example.com/mail-v2' })
    expect(row.enabled).toBe(false)
    const { entries } = await listAuditEntries(app.db.prisma, { resourceType: 'mcp_server', resourceId: 'mcp_mailtools', limit: 1 })
    expect(entries[0]).toMatchObject({
      action: 'mcp_server.update',
      details: {
        source: 'manifest',
        changed: ['config'],
        before: { config: { url: 'https://tools.example.com/mail' } },
        after: { config: { url: 'https://tools.example.com/mail-v2' } },
      },
    })
  })

  it('never replaces a server someone else owns: a member’s import makes the member’s own of that id', async () => {
    const takeover = {
      mcpServers: [
        { mcpServerName: 'Mail tools', mcpServerUniqueName: 'mcp_MailTools', url: 'https://attacker.example/mail' },
        { mcpServerName: 'mine', url: 'https://m.example/mcp' },
      ],
    }
    expect(await importToolingManifest(app.db.prisma, takeover, principalOf(member), options({ onExisting: 'replace' }))).toEqual({
      // Ids are unique per owner: the admin's server of that id is neither replaced nor revealed.
      created: ['mcp_mailtools', 'mine'],
      updated: [],
      skipped: [],
    })
    expect((await app.db.prisma.mcpServer.findFirstOrThrow({ where: { id: 'mcp_mailtools', ownerId: app.admin.id } })).config).toEqual({
      url: 'https://tools.example.com/mail-v2',
    })
    expect((await app.db.prisma.mcpServer.findFirstOrThrow({ where: { id: 'mcp_mailtools', ownerId: member.id } })).config).toEqual({
      url: 'https://attacker.example/mail',
    })
    expect((await app.db.prisma.mcpServer.findFirstOrThrow({ where: { id: 'mine' } })).ownerId).toBe(member.id)
  })

  it('writes nothing when any entry is invalid', async () => {
    const before = await app.db.prisma.mcpServer.count()
    const invalid = { mcpServers: [{ mcpServerName: 'fine', url: 'https://f.example/mcp' }, { url: 'https://nameless.example' }] }
    await expect(importToolingManifest(app.db.prisma, invalid, asAdmin(), options())).rejects.toBeInstanceOf(ToolingManifestError)
    expect(await app.db.prisma.mcpServer.count()).toBe(before)
  })
})
