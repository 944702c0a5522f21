import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { McpServerRegistry } from '../mcp/mcp-server-registry'
import { createTestDatabase } from '../testing/test-database'
import { importToolingManifest } from './manifest-import'
import { ToolingManifestError } from './tooling-errors'

let db: Database
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(async () => {
  await db?.close()
})

const manifest = {
  mcpServers: [
    { mcpServerName: 'Mail tools', mcpServerUniqueName: 'mcp_MailTools', url: 'https://tools.example.com/mail', headers: { Authorization: 'Bearer secret-token' } },
    { mcpServerUniqueName: 'mcp_Calendar' },
  ],
}

describe('importToolingManifest', () => {
  it('creates http MCP servers whose headers stay secret', async () => {
    const result = await importToolingManifest(db.prisma, JSON.stringify(manifest), { serverUrlBase: 'https://tools.example.com/servers' })
    expect(result).toEqual({ created: ['mcp_mailtools', 'mcp_calendar'], updated: [], skipped: [] })
    const registry = new McpServerRegistry(db.prisma)
    expect(await registry.connectionConfig('mcp_mailtools')).toEqual({
      id: 'mcp_mailtools',
      name: 'Mail tools',
      transport: 'http',
      config: { url: 'https://tools.example.com/mail' },
      secrets: { env: {}, headers: { Authorization: 'Bearer secret-token' } },
      loadToolsOnDemand: false,
    })
    expect((await registry.connectionConfig('mcp_calendar')).config).toEqual({ url: 'https://tools.example.com/servers/mcp_Calendar' })
    const views = await registry.list()
    expect(JSON.stringify(views)).not.toContain('secret-token')
    expect(views.find((v) => v.id === 'mcp_mailtools')).toMatchObject({ transport: 'http', enabled: true, description: 'MCP tools from Mail tools', summary: 'https://tools.example.com/mail' })
  })

  it('skips existing servers by default and replaces them when asked, keeping the enabled flag', async () => {
    await db.prisma.mcpServer.update({ where: { id: 'mcp_mailtools' }, data: { enabled: false } })
    const changed = { mcpServers: [{ ...manifest.mcpServers[0], url: 'https://tools.example.com/mail-v2' }, { mcpServerName: 'new-one', url: 'https://n.example/mcp' }] }
    expect(await importToolingManifest(db.prisma, changed)).toEqual({ created: ['new-one'], updated: [], skipped: ['mcp_mailtools'] })
    expect((await db.prisma.mcpServer.findUniqueOrThrow({ where: { id: 'mcp_mailtools' } })).config).toEqual({ url: 'https://tools.example.com/mail' })
    expect(await importToolingManifest(db.prisma, changed, { onExisting: 'replace' })).toEqual({ created: [], updated: ['mcp_mailtools', 'new-one'], skipped: [] })
    const row = await db.prisma.mcpServer.findUniqueOrThrow({ where: { id: 'mcp_mailtools' } })
    expect(row.config).toEqual({ url: 'https://tools.example.com/mail-v2' })
    expect(row.enabled).toBe(false)
  })

  it('writes nothing when any entry is invalid', async () => {
    const before = await db.prisma.mcpServer.count()
    await expect(importToolingManifest(db.prisma, { mcpServers: [{ mcpServerName: 'fine', url: 'https://f.example/mcp' }, { url: 'https://nameless.example' }] })).rejects.toBeInstanceOf(ToolingManifestError)
    expect(await db.prisma.mcpServer.count()).toBe(before)
  })
})
