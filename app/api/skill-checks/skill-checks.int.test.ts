/**
 * POST /api/skill-checks: the problems a save would meet (and discovery on disk), each at its
 * field, for a skill being edited or imported from a folder; nothing is saved. Bad input 400,
 * no sign-in 401; another person's skill is not "the skill being edited".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callRoute, createTestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as skillsRoute from '../skills/route'
import * as checksRoute from './route'

const skill = (name: string, description = 'Does one thing well.') => `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n`

describe('skill checks', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let other: TestUser
  beforeAll(async () => {
    app = await createTestApp()
    other = await app.addUser('member')
    expect((await callRoute(skillsRoute.POST, { body: { content: skill('checked-skill') } })).status).toBe(201)
  })
  afterAll(async () => app?.close())

  it('says a valid skill is valid, with its name and description, and saves nothing', async () => {
    const { status, body } = await callRoute(checksRoute.POST, { body: { content: skill('fresh-skill'), resources: [{ name: 'notes.md', content: 'x' }] } })
    expect(status).toBe(200)
    expect(body).toEqual({ ok: true, name: 'fresh-skill', description: 'Does one thing well.', problems: [] })
    expect(await app.db.prisma.skill.count({ where: { name: 'fresh-skill' } })).toBe(0)
  })

  it('puts each problem at its field: the SKILL.md rule on the content, a bad resource name on that resource', async () => {
    const { body } = await callRoute(checksRoute.POST, {
      body: {
        content: skill('Bad Name'),
        resources: [
          { name: 'ok.md', content: '' },
          { name: '../escape.md', content: 'x' },
        ],
      },
    })
    expect(body.ok).toBe(false)
    expect(body.problems).toEqual([
      expect.objectContaining({ field: 'content', rule: 'invalid_name' }),
      expect.objectContaining({ field: 'resources.1.name', message: expect.stringContaining('relative path') }),
    ])
    const missing = await callRoute(checksRoute.POST, { body: { content: 'no frontmatter here' } })
    expect(missing.body.problems).toEqual([expect.objectContaining({ field: 'content', rule: 'missing_frontmatter' })])
  })

  it('reports a name another skill has, except the one being edited, and a folder whose name differs', async () => {
    const taken = await callRoute(checksRoute.POST, { body: { content: skill('checked-skill') } })
    expect(taken.body.problems).toEqual([expect.objectContaining({ field: 'content', rule: 'name_taken' })])
    const file = await callRoute(checksRoute.POST, { body: { content: skill('unit-converter') } })
    expect(file.body.problems[0].message).toContain('a file skill')
    expect((await callRoute(checksRoute.POST, { body: { content: skill('checked-skill'), current: 'checked-skill' } })).body.ok).toBe(true)
    // Names are per owner: another person's skill of the same name neither blocks nor reveals this one.
    const theirs = await callRoute(checksRoute.POST, { as: other, body: { content: skill('checked-skill') } })
    expect(theirs.body.problems).not.toContainEqual(expect.objectContaining({ rule: 'name_taken' }))
    const folder = await callRoute(checksRoute.POST, { body: { content: skill('folder-skill'), folder: 'other-folder' } })
    expect(folder.body.problems).toEqual([expect.objectContaining({ field: 'content', rule: 'name_mismatch' })])
  })

  it('answers malformed requests with 400 and asks for a sign-in', async () => {
    const bad = await callRoute(checksRoute.POST, { body: { content: 42, extra: true } })
    expect(bad.status).toBe(400)
    expect(bad.body.error.code).toBe('invalid_request')
    expect((await callRoute(checksRoute.POST, { as: null, body: { content: skill('x') } })).status).toBe(401)
  })
})
