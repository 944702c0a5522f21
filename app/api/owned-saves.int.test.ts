/**
 * Skills and MCP servers as two people use them: a skill name another person has taken is free for you (and says
 * nothing about theirs), each person's run resolves their own skill of that name, and an update from an older
 * version of a skill or a server is refused (409 `stale_version` with the newer version) without losing anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runScope } from '@/lib/server/auth/principal'
import { skillLibrary } from '@/lib/server/skills/skills-service'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as serverRoute from './mcp-servers/[id]/route'
import * as serversRoute from './mcp-servers/route'
import * as skillCheckRoute from './skill-checks/route'
import * as skillRoute from './skills/[name]/route'
import * as skillsRoute from './skills/route'

const skill = (name: string, body: string) => `---\nname: ${name}\ndescription: ${body}\n---\n\n${body}\n`

describe('skills and MCP servers of two people', () => {
  let app: TestApp
  let alice: TestUser
  let bob: TestUser

  beforeAll(async () => {
    app = await createTestApp()
    alice = await app.addUser('member')
    bob = await app.addUser('member')
  })
  afterAll(async () => app?.close())

  it("lets a second person create a skill under a name someone else has, and each one's run resolves their own", async () => {
    expect((await callRoute(skillsRoute.POST, { as: alice, body: { content: skill('team-notes', 'Alice notes.') } })).status).toBe(201)
    const check = await callRoute(skillCheckRoute.POST, { as: bob, body: { content: skill('team-notes', 'Bob notes.') } })
    expect(check.body.problems).toEqual([])
    const created = await callRoute(skillsRoute.POST, { as: bob, body: { content: skill('team-notes', 'Bob notes.') } })
    expect(created.status).toBe(201)
    // Their own name is still taken for each of them.
    expect((await callRoute(skillsRoute.POST, { as: bob, body: { content: skill('team-notes', 'Again.') } })).status).toBe(409)

    expect((await callRoute(skillRoute.GET, { as: alice, params: { name: 'team-notes' } })).body.skill.description).toBe('Alice notes.')
    expect((await callRoute(skillRoute.GET, { as: bob, params: { name: 'team-notes' } })).body.skill.description).toBe('Bob notes.')
    const library = skillLibrary(app)
    for (const [user, expected] of [
      [alice, 'Alice notes.'],
      [bob, 'Bob notes.'],
    ] as const) {
      const provider = await library.providerFor(['team-notes'], runScope(user.personalWorkspaceId, 'member'))
      expect(provider!.skills.map((each) => each.frontmatter.description)).toEqual([expected])
    }
    // Renaming onto the other's name is no conflict either; deleting one leaves the other.
    expect((await callRoute(skillsRoute.POST, { as: alice, body: { content: skill('alice-only', 'A.') } })).status).toBe(201)
    const renamed = await callRoute(skillRoute.PATCH, {
      as: bob,
      params: { name: 'team-notes' },
      body: { content: skill('alice-only', 'Bob renamed.'), baseVersion: 1 },
    })
    expect(renamed.status).toBe(200)
    expect((await callRoute(skillRoute.DELETE, { as: bob, params: { name: 'alice-only' } })).status).toBe(200)
    expect((await callRoute(skillRoute.GET, { as: alice, params: { name: 'alice-only' } })).body.skill.description).toBe('A.')
  })

  it('refuses a skill update from an older version with the newer one, keeps the first, and takes If-Match', async () => {
    await callRoute(skillsRoute.POST, { as: alice, body: { content: skill('shared-draft', 'v1') } })
    const read = await callRoute(skillRoute.GET, { as: alice, params: { name: 'shared-draft' } })
    expect(read.headers.get('etag')).toBe('"1"')
    expect(read.body.skill.version).toBe(1)

    const first = await callRoute(skillRoute.PATCH, {
      as: alice,
      params: { name: 'shared-draft' },
      body: { content: skill('shared-draft', 'first') },
      headers: { 'if-match': '"1"' },
    })
    expect(first).toMatchObject({ status: 200, body: { skill: { description: 'first', version: 2 } } })
    expect(first.headers.get('etag')).toBe('"2"')
    const second = await callRoute(skillRoute.PATCH, {
      as: alice,
      params: { name: 'shared-draft' },
      body: { content: skill('shared-draft', 'second'), baseVersion: 1 },
    })
    expect(second).toMatchObject({
      status: 409,
      body: { error: { code: 'stale_version', details: { current: { version: 2, etag: '"2"', savedBy: { id: alice.id } } } } },
    })
    expect((await callRoute(skillRoute.GET, { as: alice, params: { name: 'shared-draft' } })).body.skill.description).toBe('first')
    const none = await callRoute(skillRoute.PATCH, { as: alice, params: { name: 'shared-draft' }, body: { content: skill('shared-draft', 'second') } })
    expect(none).toMatchObject({ status: 428, body: { error: { code: 'base_version_required' } } })

    const kept = await callRoute(skillRoute.PATCH, {
      as: alice,
      params: { name: 'shared-draft' },
      body: { content: skill('shared-draft', 'second'), baseVersion: 2 },
    })
    expect(kept).toMatchObject({ status: 200, body: { skill: { description: 'second', version: 3 } } })
  })

  it('refuses an MCP server update from an older version with the newer one, and changes nothing', async () => {
    const server = { id: 'alice-search', name: 'Search', transport: 'http', config: { url: 'http://127.0.0.1:9/mcp' } }
    expect((await callRoute(serversRoute.POST, { as: alice, body: server })).body.server.version).toBe(1)
    const read = await callRoute(serverRoute.GET, { as: alice, params: { id: 'alice-search' } })
    expect(read.headers.get('etag')).toBe('"1"')

    const first = await callRoute(serverRoute.PATCH, { as: alice, params: { id: 'alice-search' }, body: { description: 'first', baseVersion: 1 } })
    expect(first).toMatchObject({ status: 200, body: { server: { description: 'first', version: 2 } } })
    const second = await callRoute(serverRoute.PATCH, { as: alice, params: { id: 'alice-search' }, body: { name: 'Renamed' }, headers: { 'if-match': '"1"' } })
    expect(second).toMatchObject({ status: 409, body: { error: { code: 'stale_version', details: { current: { version: 2, savedBy: { id: alice.id } } } } } })
    expect((await callRoute(serverRoute.GET, { as: alice, params: { id: 'alice-search' } })).body.server).toMatchObject({
      name: 'Search',
      description: 'first',
    })
    const none = await callRoute(serverRoute.PATCH, { as: alice, params: { id: 'alice-search' }, body: { name: 'Renamed' } })
    expect(none).toMatchObject({ status: 428, body: { error: { code: 'base_version_required' } } })
    // Someone else's server answers 404 whatever the base says.
    expect((await callRoute(serverRoute.PATCH, { as: bob, params: { id: 'alice-search' }, body: { name: 'Mine', baseVersion: 2 } })).status).toBe(404)

    const racing = await Promise.all(
      ['a', 'b', 'c'].map((name) => callRoute(serverRoute.PATCH, { as: alice, params: { id: 'alice-search' }, body: { name, baseVersion: 2 } })),
    )
    expect(racing.map((result) => result.status).sort()).toEqual([200, 409, 409])
    expect((await callRoute(serverRoute.GET, { as: alice, params: { id: 'alice-search' } })).body.server.version).toBe(3)
  })
})
