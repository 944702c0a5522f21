/**
 * An MCP manifest import makes its servers in the workspace the person is in (issue #30): `?workspaceId=` names it
 * (the servers page passes the current one), the importer needs the editor role there, and without it the servers go
 * to their personal workspace, as before. Both manifest forms: a ToolingManifest and a desktop client's configuration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as workspacesRoute from '../workspaces/route'
import * as membersRoute from '../workspaces/[id]/members/route'
import * as importRoute from './import/route'
import * as mcpServersRoute from './route'

const toolingManifest = (name: string) => ({ mcpServers: [{ mcpServerName: name, url: 'http://127.0.0.1:9/mcp' }] })
const desktopConfig = (name: string) => ({ mcpServers: { [name]: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } })

describe('importing MCP servers into a workspace', () => {
  let app: TestApp
  let editor: TestUser
  let viewer: TestUser
  let team: string
  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    editor = await app.addUser('member')
    viewer = await app.addUser('member')
    team = (await callRoute(workspacesRoute.POST, { body: { name: 'Team' }, as: editor })).body.workspace.id
    expect((await callRoute(membersRoute.POST, { params: { id: team }, body: { email: viewer.email, role: 'viewer' }, as: editor })).status).toBe(201)
  })
  afterAll(async () => app?.close())

  const importInto = (workspaceId: string | undefined, manifest: unknown, as: TestUser, dryRun = false) =>
    callRoute(importRoute.POST, {
      url: `http://localhost/api/mcp-servers/import${workspaceId ? `?workspaceId=${workspaceId}` : ''}`,
      body: { manifest, dryRun },
      as,
    })
  const serverIds = async (workspaceId: string, as: TestUser) =>
    (
      (await callRoute(mcpServersRoute.GET, { url: `http://localhost/api/mcp-servers?workspaceId=${workspaceId}`, as })).body.servers as Array<{ id: string }>
    ).map((server) => server.id)

  it('makes the servers of either manifest form in the named workspace, not the personal one', async () => {
    const tooling = await importInto(team, toolingManifest('team_tools'), editor)
    expect(tooling.status, JSON.stringify(tooling.body)).toBe(200)
    const desktop = await importInto(team, desktopConfig('team-desktop'), editor)
    expect(desktop.status, JSON.stringify(desktop.body)).toBe(200)
    const created = [...tooling.body.created, ...desktop.body.created] as string[]
    expect(created).toHaveLength(2)
    expect((await serverIds(team, editor)).sort()).toEqual([...created].sort())
    expect(await serverIds(editor.personalWorkspaceId, editor)).toEqual([])

    // An id is the workspace's own: the same manifest into the personal workspace makes another server, and a preview
    // of the team's says it exists there.
    expect((await importInto(undefined, toolingManifest('team_tools'), editor)).body.created).toEqual(tooling.body.created)
    expect(await serverIds(editor.personalWorkspaceId, editor)).toEqual(tooling.body.created)
    expect((await importInto(team, toolingManifest('team_tools'), editor, true)).body.skipped).toEqual(tooling.body.created)
  })

  it('needs the editor role in the workspace, even for a preview; a workspace the importer is not in is a 404', async () => {
    for (const dryRun of [true, false]) {
      const refused = await importInto(team, toolingManifest('viewer_tools'), viewer, dryRun)
      expect(refused.status).toBe(403)
      expect(refused.body.error.code).toBe('forbidden')
    }
    const stranger = await app.addUser('member')
    expect((await importInto(team, toolingManifest('stranger_tools'), stranger)).status).toBe(404)
    expect(await app.db.prisma.mcpServer.count({ where: { name: { in: ['viewer_tools', 'stranger_tools'] } } })).toBe(0)
  })
})
