/**
 * The skills API as the browser uses it: route handlers called as Next calls them, on a real test
 * database, with the example file skills of the repository.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callRoute, createTestApp } from '@/lib/server/testing/test-app'
import * as skillRoute from './[name]/route'
import * as skillsRoute from './route'
import { atCurrentVersion } from '@/lib/server/testing/at-current-version'

/** PATCH as a client that just read the resource (If-Match with its ETag). */
const patchSkill = atCurrentVersion(skillRoute)

const GLOSSARY_SKILL = `---
name: glossary
description: Explain the team's terms the way the team uses them.
---

# Glossary

Read \`terms.md\` and answer from it.
`

describe('skills API', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => app?.close())

  it('lists the example file skills with their resources and scripts', async () => {
    const { status, body } = await callRoute(skillsRoute.GET)
    expect(status).toBe(200)
    expect(body.loadErrors).toEqual([])
    expect(body.skills.find((skill: { name: string }) => skill.name === 'unit-converter')).toMatchObject({
      source: 'file',
      path: 'examples/skills/unit-converter',
      allowedTools: 'run_skill_script read_skill_resource',
      resources: ['conversion-table.csv'],
      scripts: ['scripts/convert.mjs'],
    })
  })

  it('creates a skill from SKILL.md text, shows it, updates it and deletes it', async () => {
    const created = await callRoute(skillsRoute.POST, { body: { content: GLOSSARY_SKILL, resources: [{ name: 'terms.md', content: 'Loom: our app.' }] } })
    expect(created.status).toBe(201)
    expect(created.body.skill).toMatchObject({ name: 'glossary', source: 'stored', resources: ['terms.md'], scripts: [] })

    const listed = await callRoute(skillsRoute.GET)
    expect(listed.body.skills.map((skill: { name: string }) => skill.name)).toContain('glossary')

    const shown = await callRoute(skillRoute.GET, { params: { name: 'glossary' } })
    expect(shown.status).toBe(200)
    expect(shown.body.skill.body).toContain('# Glossary')
    expect(shown.body.skill.storedResources).toEqual([{ name: 'terms.md', content: 'Loom: our app.' }])

    const patched = await callRoute(patchSkill, {
      method: 'PATCH',
      params: { name: 'glossary' },
      body: { content: GLOSSARY_SKILL.replace("the team's terms", 'our terms') },
    })
    expect(patched.status).toBe(200)
    expect(patched.body.skill).toMatchObject({ description: 'Explain our terms the way the team uses them.', resources: ['terms.md'] })

    const deleted = await callRoute(skillRoute.DELETE, { method: 'DELETE', params: { name: 'glossary' } })
    expect(deleted).toMatchObject({ status: 200, body: { deleted: { name: 'glossary' } } })
    expect((await callRoute(skillRoute.GET, { params: { name: 'glossary' } })).status).toBe(404)
  })

  it('answers a bad SKILL.md with 400 naming the rule', async () => {
    const badName = await callRoute(skillsRoute.POST, { body: { content: GLOSSARY_SKILL.replace('name: glossary', 'name: Glossary Terms') } })
    expect(badName.status).toBe(400)
    expect(badName.body.error).toMatchObject({ code: 'invalid_skill', details: { rule: 'invalid_name' } })
    expect(badName.body.error.message).toContain("Invalid skill name 'Glossary Terms'")

    const noFrontmatter = await callRoute(skillsRoute.POST, { body: { content: '# Just a heading' } })
    expect(noFrontmatter).toMatchObject({ status: 400, body: { error: { code: 'invalid_skill', details: { rule: 'missing_frontmatter' } } } })
  })

  it('answers malformed bodies with 400', async () => {
    expect(await callRoute(skillsRoute.POST, { rawBody: '{"content":' })).toMatchObject({ status: 400, body: { error: { code: 'invalid_json' } } })
    expect((await callRoute(skillsRoute.POST, { body: {} })).status).toBe(400)
    const badResource = await callRoute(skillsRoute.POST, { body: { content: GLOSSARY_SKILL, resources: [{ name: '../escape.md', content: 'x' }] } })
    expect(badResource.status).toBe(400)
    expect(badResource.body.error).toMatchObject({ code: 'invalid_request', details: { issues: [expect.objectContaining({ path: 'resources.0.name' })] } })
    const twice = await callRoute(skillsRoute.POST, {
      body: {
        content: GLOSSARY_SKILL,
        resources: [
          { name: 'a.md', content: '1' },
          { name: 'A.md', content: '2' },
        ],
      },
    })
    expect(twice.status).toBe(400)
    expect((await callRoute(patchSkill, { method: 'PATCH', params: { name: 'glossary' }, body: {} })).status).toBe(400)
  })

  it('answers unknown names with 404', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const handler = skillRoute[method]
      const response = await callRoute(handler, { method, params: { name: 'no-such-skill' }, body: method === 'PATCH' ? { resources: [] } : undefined })
      expect(response).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
    }
  })

  it('answers a duplicate name with 409, whether stored or a file skill', async () => {
    expect((await callRoute(skillsRoute.POST, { body: { content: GLOSSARY_SKILL } })).status).toBe(201)
    const stored = await callRoute(skillsRoute.POST, { body: { content: GLOSSARY_SKILL } })
    expect(stored).toMatchObject({ status: 409, body: { error: { code: 'skill_exists', details: { source: 'stored' } } } })
    const file = await callRoute(skillsRoute.POST, { body: { content: GLOSSARY_SKILL.replace('name: glossary', 'name: text-tools') } })
    expect(file).toMatchObject({ status: 409, body: { error: { code: 'skill_exists', details: { source: 'file' } } } })
  })

  it('refuses to delete or change a file skill with 409', async () => {
    const deleted = await callRoute(skillRoute.DELETE, { method: 'DELETE', params: { name: 'text-tools' } })
    expect(deleted).toMatchObject({ status: 409, body: { error: { code: 'file_skill_read_only' } } })
    const patched = await callRoute(patchSkill, { method: 'PATCH', params: { name: 'text-tools' }, body: { resources: [] } })
    expect(patched.status).toBe(409)
    expect((await callRoute(skillRoute.GET, { params: { name: 'text-tools' } })).body.skill.source).toBe('file')
  })
})
