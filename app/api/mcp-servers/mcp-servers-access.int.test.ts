/**
 * Who may do what with MCP servers: owners (others get 404, admins see everything), stdio servers
 * as an admin action, the deployment's stdio settings (read at use time), confirmation before
 * changing what a used server runs, and the audit log of every change.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DemoChatClient } from '@/lib/core'
import { listAuditEntries } from '@/lib/server/audit/audit-log'
import { connectMcpServers } from '@/lib/server/mcp/mcp-connections'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as serverRoute from './[id]/route'
import * as testRoute from './[id]/test/route'
import * as importRoute from './import/route'
import * as serversRoute from './route'
import { atCurrentVersion } from '@/lib/server/testing/at-current-version'

/** PATCH as a client that just read the resource (If-Match with its ETag). */
const patchServer = atCurrentVersion(serverRoute)

const dir = mkdtempSync(join(tmpdir(), 'agentloom-mcp-access-'))
const touched = join(dir, 'touched')
const SECRET = 'env-value-never-in-the-audit-log'

const touchServer = (id: string) => ({ id, name: id, transport: 'stdio', config: { command: 'touch', args: [touched] }, secrets: { env: { TOKEN: SECRET } } })
const httpServer = (id: string) => ({ id, name: id, transport: 'http', config: { url: 'https://tools.example.com/mcp?key=query-secret' } })

const SETTINGS = ['AGENTLOOM_STDIO_MCP', 'AGENTLOOM_STDIO_COMMANDS'] as const
function setStdioSettings(settings: Partial<Record<(typeof SETTINGS)[number], string>>): void {
  for (const name of SETTINGS) {
    if (settings[name] === undefined) delete process.env[name]
    else process.env[name] = settings[name]
  }
}

const ids = (response: { body: { servers: Array<{ id: string }> } }) => response.body.servers.map((s) => s.id)

describe('MCP server access', () => {
  let app: TestApp
  let member: TestUser
  let other: TestUser
  beforeAll(async () => {
    setStdioSettings({})
    app = await createTestApp()
    member = await app.addUser('member')
    other = await app.addUser('member')
    expect((await callRoute(serversRoute.POST, { body: touchServer('admin-probe') })).status).toBe(201)
  })
  afterEach(() => setStdioSettings({}))
  afterAll(async () => {
    setStdioSettings({})
    await app?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('lets members add http servers they own; others get 404 and admins see everything', async () => {
    const created = await callRoute(serversRoute.POST, { as: member, body: httpServer('member-http') })
    expect(created.status).toBe(201)
    expect((await app.db.prisma.mcpServer.findFirstOrThrow({ where: { id: 'member-http' } })).ownerId).toBe(member.id)

    expect(ids(await callRoute(serversRoute.GET, { as: member }))).toEqual(['member-http'])
    expect(ids(await callRoute(serversRoute.GET, { as: other }))).toEqual([])
    expect(ids(await callRoute(serversRoute.GET))).toEqual(expect.arrayContaining(['member-http', 'admin-probe', 'research-assistant']))

    const notFound = { status: 404, body: { error: { code: 'not_found', message: "MCP server 'member-http' not found." } } }
    expect(await callRoute(serverRoute.GET, { as: other, params: { id: 'member-http' } })).toMatchObject(notFound)
    expect(await callRoute(patchServer, { as: other, params: { id: 'member-http' }, body: { name: 'Mine now' } })).toMatchObject(notFound)
    expect(await callRoute(serverRoute.DELETE, { as: other, params: { id: 'member-http' } })).toMatchObject(notFound)
    expect(await callRoute(testRoute.POST, { as: other, params: { id: 'member-http' } })).toMatchObject(notFound)
    expect((await callRoute(serverRoute.GET, { params: { id: 'member-http' } })).status).toBe(200)
    expect((await callRoute(patchServer, { as: member, params: { id: 'member-http' }, body: { name: 'Renamed' } })).status).toBe(200)
  })

  it('refuses members every stdio action, and never runs their command', async () => {
    const create = await callRoute(serversRoute.POST, { as: member, body: touchServer('member-stdio') })
    expect(create).toMatchObject({
      status: 403,
      body: { error: { code: 'admin_required', message: expect.stringContaining('Only admins can add stdio MCP servers') } },
    })
    const toStdio = await callRoute(patchServer, {
      as: member,
      params: { id: 'member-http' },
      body: { transport: 'stdio', config: { command: 'touch', args: [touched] } },
    })
    expect(toStdio).toMatchObject({ status: 403, body: { error: { code: 'admin_required' } } })
    // The admin's stdio server does not exist for a member.
    for (const call of [
      callRoute(patchServer, { as: member, params: { id: 'admin-probe' }, body: { config: { command: 'touch', args: [touched] } } }),
      callRoute(testRoute.POST, { as: member, params: { id: 'admin-probe' } }),
      callRoute(serverRoute.DELETE, { as: member, params: { id: 'admin-probe' } }),
    ]) {
      expect((await call).status).toBe(404)
    }
    expect(await app.db.prisma.mcpServer.findFirst({ where: { id: 'member-stdio' } })).toBeNull()
    expect(existsSync(touched)).toBe(false)

    const listed = await callRoute(serversRoute.GET, { as: member })
    expect(listed.body.stdio).toEqual({ enabled: true, canConfigure: false, reason: expect.stringContaining('Only admins'), allowedCommands: null })
    expect((await callRoute(serversRoute.GET)).body.stdio).toEqual({ enabled: true, canConfigure: true, allowedCommands: null })
  })

  it('lets a member who owns a stdio server rename it but not change what it runs', async () => {
    await app.db.prisma.mcpServer.create({
      data: {
        id: 'inherited',
        name: 'Inherited',
        ownerId: member.id,
        workspaceId: member.personalWorkspaceId,
        transport: 'stdio',
        config: { command: 'node', args: ['x.mjs'] },
      },
    })
    expect(
      (await callRoute(patchServer, { as: member, params: { id: 'inherited' }, body: { name: 'Kept', config: { command: 'node', args: ['x.mjs'] } } })).status,
    ).toBe(200)
    for (const body of [
      { config: { command: 'node', args: ['y.mjs'] } },
      { config: { command: 'node', args: ['x.mjs'], cwd: '/tmp' } },
      { secrets: { env: { NODE_OPTIONS: '--require /tmp/x.js' } } },
    ]) {
      expect((await callRoute(patchServer, { as: member, params: { id: 'inherited' }, body })).body.error?.code, JSON.stringify(body)).toBe('admin_required')
    }
  })

  it('obeys AGENTLOOM_STDIO_MCP=off at once: no create, change or test of stdio servers', async () => {
    setStdioSettings({ AGENTLOOM_STDIO_MCP: 'off' })
    const refused = { status: 403, body: { error: { code: 'stdio_mcp_disabled', message: expect.stringContaining('AGENTLOOM_STDIO_MCP=off') } } }
    expect(await callRoute(serversRoute.POST, { body: touchServer('while-off') })).toMatchObject(refused)
    expect(await callRoute(patchServer, { params: { id: 'admin-probe' }, body: { config: { command: 'touch', args: [touched, 'again'] } } })).toMatchObject(
      refused,
    )
    expect(await callRoute(testRoute.POST, { params: { id: 'admin-probe' } })).toMatchObject(refused)
    expect((await callRoute(serversRoute.GET)).body.stdio).toMatchObject({
      enabled: false,
      canConfigure: false,
      reason: expect.stringContaining('AGENTLOOM_STDIO_MCP=off'),
    })
    // What does not touch what it runs stays possible.
    expect((await callRoute(patchServer, { params: { id: 'admin-probe' }, body: { description: 'off for now' } })).status).toBe(200)
    expect(existsSync(touched)).toBe(false)
  })

  it('allows only the commands in AGENTLOOM_STDIO_COMMANDS, matched exactly', async () => {
    setStdioSettings({ AGENTLOOM_STDIO_COMMANDS: 'node,npx' })
    for (const command of ['touch', '/usr/bin/node', 'nodejs']) {
      const response = await callRoute(serversRoute.POST, { body: { ...touchServer(`cmd-${command.length}`), config: { command, args: [] } } })
      expect(response, command).toMatchObject({
        status: 403,
        body: { error: { code: 'stdio_command_not_allowed', details: { issues: [{ path: 'config.command' }], allowedCommands: ['node', 'npx'] } } },
      })
    }
    expect(await callRoute(testRoute.POST, { params: { id: 'admin-probe' } })).toMatchObject({
      status: 403,
      body: { error: { code: 'stdio_command_not_allowed' } },
    })
    expect((await callRoute(serversRoute.POST, { body: { ...touchServer('allowed-node'), config: { command: 'node', args: ['x.mjs'] } } })).status).toBe(201)
    expect((await callRoute(serversRoute.GET)).body.stdio.allowedCommands).toEqual(['node', 'npx'])
    expect(existsSync(touched)).toBe(false)
  })

  it('asks for confirmation before changing what a server used by workflows runs, and records who is affected', async () => {
    const change = { config: { command: 'node', args: ['examples/mcp-servers/research-assistant.mjs', '--verbose'] } }
    const unconfirmed = await callRoute(patchServer, { params: { id: 'research-assistant' }, body: change })
    expect(unconfirmed).toMatchObject({
      status: 409,
      body: { error: { code: 'confirm_required', details: { affected: [{ workflowName: 'Research assistant', latest: true }], others: 0 } } },
    })
    expect((await callRoute(serverRoute.GET, { params: { id: 'research-assistant' } })).body.server.config.args).toEqual([
      'examples/mcp-servers/research-assistant.mjs',
    ])

    const confirmed = await callRoute(patchServer, { params: { id: 'research-assistant' }, body: { ...change, confirm: true } })
    expect(confirmed.status).toBe(200)
    const { entries } = await listAuditEntries(app.db.prisma, { resourceType: 'mcp_server', resourceId: 'research-assistant', limit: 1 })
    expect(entries[0]).toMatchObject({
      action: 'mcp_server.update',
      actorId: app.admin.id,
      actor: { email: app.admin.email },
      details: {
        changed: ['config'],
        before: { config: { command: 'node', args: ['examples/mcp-servers/research-assistant.mjs'] } },
        after: { config: { command: 'node', args: ['examples/mcp-servers/research-assistant.mjs', '--verbose'] } },
        affectedWorkflows: [{ workflowName: 'Research assistant' }],
      },
    })
    // A change that leaves the configuration as it is needs no confirmation.
    expect((await callRoute(patchServer, { params: { id: 'research-assistant' }, body: { name: 'Research', ...change } })).status).toBe(200)
  })

  it('records creates, updates and deletes with secret key names but never their values', async () => {
    await callRoute(serversRoute.POST, { body: touchServer('audited') })
    await callRoute(patchServer, { params: { id: 'audited' }, body: { secrets: { env: { TOKEN: 'rotated-value', OTHER: null } } } })
    await callRoute(serverRoute.DELETE, { params: { id: 'audited' } })
    await callRoute(serversRoute.POST, { as: member, body: httpServer('audited-http') })
    const { entries } = await listAuditEntries(app.db.prisma, { resourceType: 'mcp_server', limit: 200 })
    const forAudited = entries.filter((entry) => entry.resourceId === 'audited')
    expect(forAudited.map((entry) => entry.action)).toEqual(['mcp_server.delete', 'mcp_server.update', 'mcp_server.create'])
    expect(forAudited[1].details).toMatchObject({ secretsChanged: { env: { set: ['TOKEN'], removed: ['OTHER'] } }, after: { secretKeys: { env: ['TOKEN'] } } })
    expect(forAudited[0].details).toMatchObject({ before: { config: { command: 'touch' } }, affectedWorkflows: [] })
    expect(entries.find((entry) => entry.resourceId === 'audited-http')).toMatchObject({
      actorId: member.id,
      details: { after: { config: { url: 'https://tools.example.com/mcp?key=[secret]' } } },
    })
    const text = JSON.stringify(entries)
    for (const secret of [SECRET, 'rotated-value', 'query-secret']) expect(text).not.toContain(secret)
  })

  it('imports a manifest as the caller’s own servers', async () => {
    const imported = await callRoute(importRoute.POST, {
      as: member,
      body: { manifest: { mcpServers: [{ mcpServerName: 'member-mail', url: 'https://mail.example/mcp' }] } },
    })
    expect(imported.body).toEqual({ created: ['member-mail'], updated: [], skipped: [] })
    expect(ids(await callRoute(serversRoute.GET, { as: member }))).toContain('member-mail')
    expect(ids(await callRoute(serversRoute.GET, { as: other }))).not.toContain('member-mail')
  })
})

describe('connecting a run’s MCP servers', () => {
  let app: TestApp
  let member: TestUser
  let runId: string
  const context = (ownerScope: { workspaceId?: string }) => ({
    app,
    runId,
    // A member's names are theirs; an admin's (`{}`) also reach the only server of a name.
    nameOwner: ownerScope.workspaceId === undefined ? { workspaceId: null, isAdmin: true } : { workspaceId: ownerScope.workspaceId, isAdmin: false },
    samplingClient: new DemoChatClient(),
    signal: new AbortController().signal,
  })

  beforeAll(async () => {
    setStdioSettings({})
    app = await createTestApp()
    member = await app.addUser('member')
    await callRoute(serversRoute.POST, { body: touchServer('admin-probe') })
    const version = await app.db.prisma.workflowVersion.findFirstOrThrow()
    runId = (await app.db.prisma.run.create({ data: { workflowId: version.workflowId, versionId: version.id, input: '', ownerId: member.id } })).id
  })
  afterEach(() => setStdioSettings({}))
  afterAll(async () => {
    setStdioSettings({})
    await app?.close()
  })

  it('never starts a server the run’s owner may not use, and says so as for a missing one', async () => {
    await expect(connectMcpServers(['admin-probe'], context({ workspaceId: member.personalWorkspaceId }))).rejects.toMatchObject({
      code: 'mcp_server_not_found',
      message: expect.stringContaining("MCP server 'admin-probe' not found, or not available to the run's owner"),
    })
    await expect(connectMcpServers(['ghost'], context({ workspaceId: member.personalWorkspaceId }))).rejects.toMatchObject({ code: 'mcp_server_not_found' })
    expect(existsSync(touched)).toBe(false)
  })

  it('fails at run start, naming the setting, when stdio servers are off or the command is not allowed', async () => {
    setStdioSettings({ AGENTLOOM_STDIO_MCP: 'off' })
    await expect(connectMcpServers(['research-assistant'], context({}))).rejects.toMatchObject({
      code: 'stdio_mcp_not_allowed',
      message: expect.stringContaining(
        "MCP server 'research-assistant' was not started: stdio MCP servers are turned off on this deployment (AGENTLOOM_STDIO_MCP=off).",
      ),
    })
    setStdioSettings({ AGENTLOOM_STDIO_COMMANDS: 'npx' })
    await expect(connectMcpServers(['admin-probe'], context({}))).rejects.toMatchObject({
      message: expect.stringContaining("The command 'touch' is not allowed"),
    })
    expect(existsSync(touched)).toBe(false)
  })
})
