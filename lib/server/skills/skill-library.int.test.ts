/**
 * The skill library on a real test database and real skill directories on disk: stored skills
 * (SKILL.md text + resources) next to discovered file skills, the HTTP-facing errors, and the
 * SkillsProvider an agent gets for its skillIds (file scripts run with the real Node runner).
 */
import { mkdtemp, mkdir, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, UserError } from '@/lib/core'
import { ScriptedChatClient, functionCall, modelFunctionCalls, modelResponse } from '@/lib/core/testing'
import { collectSkillIds, compile } from '@/lib/graph'
import { graph } from '@/lib/graph/testing/graph-builder'
import type { Principal } from '../auth/principal'
import type { Database } from '../db/database'
import { DomainError } from '../domain-errors'
import { statusForCode } from '../http-errors'
import { createTestDatabase } from '../testing/test-database'
import { DEFAULT_SKILLS_DIRECTORY, skillDirectoriesFromEnv } from './file-skills'
import { SkillLibrary } from './skill-library'

const TONE_SKILL = `---
name: house-tone
description: Write in the house tone - short sentences, no jargon.
license: CC0
metadata:
  owner: docs
---

# House tone

Read \`glossary.md\` before writing.
`

const SLUG_SCRIPT = `const args = JSON.parse(process.argv[2] ?? 'null') ?? {}
console.log(JSON.stringify({ slug: String(args.text).toLowerCase().replace(/[^a-z0-9]+/g, '-') }))
`

async function writeSkill(root: string, directory: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(join(root, directory, name, '..'), { recursive: true })
    await writeFile(join(root, directory, name), content)
  }
}

function skillMarkdown(name: string, description = `The ${name} skill.`, body = `Instructions of ${name}.`): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n\n${body}\n`
}

/** The domain error a promise rejects with, and the HTTP status the API would answer it with. */
async function httpError(promise: Promise<unknown>): Promise<DomainError & { status: number }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(DomainError)
  return Object.assign(error as DomainError, { status: statusForCode((error as DomainError).code) })
}

/** Sees every stored skill, including rows from before sign-in that have no owner. */
const admin: Principal = {
  userId: 'admin-1',
  email: 'admin@example.test',
  name: 'Admin',
  role: 'admin',
  via: 'token',
  personalWorkspaceId: 'ws-admin',
  memberships: [{ workspaceId: 'ws-admin', workspaceName: 'Admin', role: 'owner', approver: false }],
}

describe('SkillLibrary', () => {
  let db: Database
  let root: string
  let library: SkillLibrary

  beforeAll(async () => {
    db = await createTestDatabase()
    await db.prisma.workspace.createMany({ data: ['ws-admin', 'ws-alice', 'ws-bob'].map((id) => ({ id, name: id, kind: 'personal' as const })) })
    root = await realpath(await mkdtemp(join(tmpdir(), 'agentloom-skills-')))
    await writeSkill(root, 'skills/slugger', {
      'SKILL.md': skillMarkdown('slugger', 'Make URL slugs.'),
      'references/rules.md': 'Lowercase, hyphens.',
      'scripts/slug.mjs': SLUG_SCRIPT,
    })
    await writeSkill(root, 'skills/Bad-Name', { 'SKILL.md': skillMarkdown('Bad-Name') })
    await writeSkill(root, 'skills/mismatch', { 'SKILL.md': skillMarkdown('other-name') })
    await writeSkill(root, 'more/notes', { 'SKILL.md': skillMarkdown('notes') })
    library = new SkillLibrary({ prisma: db.prisma, directories: [join(root, 'skills'), join(root, 'more')], root })
  })

  afterAll(async () => {
    await db?.close()
    if (root) await rm(root, { recursive: true, force: true })
  })

  it('lists file skills with their resources and scripts, and reports broken SKILL.md files with path and rule', async () => {
    const { skills, loadErrors } = await library.list(admin)
    expect(skills.map((skill) => skill.name)).toEqual(['notes', 'slugger'])
    expect(skills.find((skill) => skill.name === 'slugger')).toEqual({
      name: 'slugger',
      description: 'Make URL slugs.',
      source: 'file',
      resources: ['references/rules.md'],
      scripts: ['scripts/slug.mjs'],
      path: 'skills/slugger',
    })
    expect(loadErrors.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: 'skills/Bad-Name/SKILL.md', rule: 'invalid_name' },
      { path: 'skills/mismatch/SKILL.md', rule: 'name_mismatch' },
    ])
    // Messages name the file relative to the app, never by its absolute server path.
    for (const error of loadErrors) expect(error.message).not.toContain(root)
  })

  it('stores a skill from SKILL.md text with resources and shows its body', async () => {
    const created = await library.create(admin, { content: TONE_SKILL, resources: [{ name: 'glossary.md', content: 'API: a way in.' }] })
    expect(created).toMatchObject({
      name: 'house-tone',
      description: 'Write in the house tone - short sentences, no jargon.',
      source: 'stored',
      license: 'CC0',
      metadata: { owner: 'docs' },
      resources: ['glossary.md'],
      scripts: [],
      content: TONE_SKILL,
      storedResources: [{ name: 'glossary.md', content: 'API: a way in.' }],
    })
    expect(created.body).toContain('# House tone')
    expect(created.body).not.toContain('name: house-tone')

    const { skills } = await library.list(admin)
    expect(skills.map((skill) => `${skill.name}:${skill.source}`)).toEqual(['house-tone:stored', 'notes:file', 'slugger:file'])
    expect(await library.get(admin, 'house-tone')).toEqual(created)
    const file = await library.get(admin, 'slugger')
    expect(file).toMatchObject({ source: 'file', path: 'skills/slugger', body: '\nInstructions of slugger.\n' })
    expect(file.content).toContain('name: slugger')
  })

  it('rejects invalid SKILL.md text with a 400 naming the rule', async () => {
    const cases: Array<[string, string]> = [
      ['no frontmatter here', 'missing_frontmatter'],
      [skillMarkdown('Not Valid'), 'invalid_name'],
      ['---\nname: empty-description\ndescription: ""\n---\nbody', 'invalid_description'],
      ['---\nname: [unclosed\n---\nbody', 'invalid_yaml'],
      ['---\n- a\n- b\n---\nbody', 'frontmatter_not_a_mapping'],
    ]
    for (const [content, rule] of cases) {
      const error = await httpError(library.create(admin, { content }))
      expect({ status: error.status, code: error.code, details: error.details }).toEqual({ status: 400, code: 'invalid_skill', details: { rule } })
    }
    const invalidName = await httpError(library.create(admin, { content: skillMarkdown('Not Valid') }))
    expect(invalidName.message).toMatch(/^Invalid skill name 'Not Valid': Must be 64 characters or fewer/)
    expect((await httpError(library.create(admin, { content: 'plain text' }))).message).toBe(
      "The SKILL.md does not contain valid YAML frontmatter delimited by '---'",
    )
  })

  it('answers 409 for a name taken in either source', async () => {
    const stored = await httpError(library.create(admin, { content: skillMarkdown('house-tone') }))
    expect({ status: stored.status, code: stored.code, details: stored.details }).toEqual({
      status: 409,
      code: 'skill_exists',
      details: { name: 'house-tone', source: 'stored' },
    })
    const file = await httpError(library.create(admin, { content: skillMarkdown('slugger') }))
    expect({ status: file.status, details: file.details }).toEqual({ status: 409, details: { name: 'slugger', source: 'file' } })
    expect(file.message).toContain('skills/slugger')
  })

  it('updates a stored skill, renames it, and refuses to rename onto a taken name', async () => {
    await library.create(admin, { content: skillMarkdown('draft-skill') })
    const updated = await library.update(admin, 'draft-skill', { content: skillMarkdown('draft-skill', 'Now described.') }, 1)
    expect(updated).toMatchObject({ name: 'draft-skill', description: 'Now described.', resources: [] })
    const withResources = await library.update(admin, 'draft-skill', { resources: [{ name: 'a.txt', content: 'A' }] }, 2)
    expect(withResources).toMatchObject({ description: 'Now described.', resources: ['a.txt'] })

    const renamed = await library.update(admin, 'draft-skill', { content: skillMarkdown('final-skill') }, 3)
    expect(renamed).toMatchObject({ name: 'final-skill', resources: ['a.txt'] })
    expect((await httpError(library.get(admin, 'draft-skill'))).status).toBe(404)

    expect((await httpError(library.update(admin, 'final-skill', { content: skillMarkdown('notes') }, 4))).status).toBe(409)
    expect((await httpError(library.update(admin, 'final-skill', { content: skillMarkdown('house-tone') }, 4))).status).toBe(409)
    expect((await httpError(library.update(admin, 'final-skill', { content: 'nope' }, 4))).details).toEqual({ rule: 'missing_frontmatter' })
    const fileSkill = await httpError(library.update(admin, 'slugger', { content: skillMarkdown('slugger') }, 4))
    expect({ status: fileSkill.status, code: fileSkill.code }).toEqual({ status: 409, code: 'file_skill_read_only' })
    expect((await httpError(library.update(admin, 'unknown-skill', { content: skillMarkdown('x') }, 4))).status).toBe(404)
  })

  it('deletes stored skills only: 409 for a file skill, 404 for an unknown name', async () => {
    expect(await library.delete(admin, 'final-skill')).toEqual({ name: 'final-skill' })
    expect((await httpError(library.get(admin, 'final-skill'))).status).toBe(404)
    const fileSkill = await httpError(library.delete(admin, 'slugger'))
    expect({ status: fileSkill.status, code: fileSkill.code }).toEqual({ status: 409, code: 'file_skill_read_only' })
    expect((await httpError(library.delete(admin, 'final-skill'))).status).toBe(404)
  })

  it('gives an agent exactly the named skills: stored resources and file scripts work, approvals stay on', async () => {
    expect(await library.providerFor([], {})).toBeUndefined()
    const provider = (await library.providerFor(['house-tone', 'slugger', 'house-tone'], {}))!
    expect(provider.skills.map((skill) => skill.name)).toEqual(['house-tone', 'slugger'])
    expect(provider.instructions).toContain('<name>house-tone</name>')
    expect(provider.instructions).not.toContain('notes')

    const tools = new Map(provider.tools.map((tool) => [tool.name, tool]))
    expect([...tools.values()].map((tool) => tool.approvalMode)).toEqual(['always_require', 'always_require', 'always_require'])
    const loaded = String(await tools.get('load_skill')!.invoke({ skill_name: 'house-tone' }))
    expect(loaded).toContain('# House tone')
    expect(loaded).toContain('<resource name="glossary.md"/>')
    expect(loaded).toContain('<available_scripts />')
    expect(await tools.get('read_skill_resource')!.invoke({ skill_name: 'house-tone', resource_name: 'glossary.md' })).toBe('API: a way in.')
    expect(await tools.get('read_skill_resource')!.invoke({ skill_name: 'slugger', resource_name: 'references/rules.md' })).toBe('Lowercase, hyphens.')
    const slug = await tools.get('run_skill_script')!.invoke({ skill_name: 'slugger', script_name: 'scripts/slug.mjs', args: { text: 'Hello World' } })
    expect(JSON.parse(String(slug))).toEqual({ slug: 'hello-world' })
  })

  it('turns a script call in an agent run into an approval request', async () => {
    const provider = (await library.providerFor(['slugger'], {}))!
    const client = new ScriptedChatClient([
      modelFunctionCalls(functionCall('run_skill_script', { skill_name: 'slugger', script_name: 'scripts/slug.mjs', args: { text: 'x' } })),
    ])
    const response = await new Agent({ client, contextProviders: [provider] }).run('slug x')
    expect(response.userInputRequests).toHaveLength(1)
    expect(response.userInputRequests[0]).toMatchObject({ type: 'function_approval_request' })
  })

  it("plugs into compile()'s skills hook: an agent node's skillIds reach the model as available skills", async () => {
    const document = graph()
      .start()
      .agent('writer', { skillIds: ['house-tone', 'slugger'] })
      .output()
      .chain('start', 'writer', 'output')
      .build()
    const client = new ScriptedChatClient([modelResponse('done')])
    const skills = await library.resolverFor(collectSkillIds(document), {})
    const workflow = compile(document, { chatClient: () => client, mcpServer: () => ({ functions: [] }), functionTool: () => undefined, skills })
    await workflow.run('write')
    const call = client.lastCall!
    expect(call.options.instructions).toContain('<name>house-tone</name>')
    expect(call.options.instructions).toContain('<name>slugger</name>')
    expect(call.options.instructions).not.toContain('<name>notes</name>')
    expect((call.options.tools ?? []).map((tool) => tool.name)).toEqual(expect.arrayContaining(['load_skill', 'read_skill_resource', 'run_skill_script']))

    const unknown = graph()
      .start()
      .agent('writer', { skillIds: ['ghost'] })
      .output()
      .chain('start', 'writer', 'output')
      .build()
    await expect(library.resolverFor(collectSkillIds(unknown), {})).rejects.toThrow(/Unknown skill 'ghost'/)
  })

  it('names unknown skills in a UserError', async () => {
    const error = await library.providerFor(['slugger', 'nope', 'missing-too'], {}).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(UserError)
    expect((error as Error).message).toMatch(/'nope', 'missing-too'/)

    const resolve = await library.resolverFor(['slugger'], {})
    expect(resolve([])).toBeUndefined()
    expect(resolve(['slugger'])!.skills.map((skill) => skill.name)).toEqual(['slugger'])
    expect(() => resolve(['house-tone'])).toThrow(UserError)
  })

  it('prefers a stored skill over a file skill that appears later under the same name, and reports the file', async () => {
    await library.create(admin, { content: skillMarkdown('late-arrival') })
    await writeSkill(root, 'more/late-arrival', { 'SKILL.md': skillMarkdown('late-arrival', 'From disk.'), 'run.mjs': SLUG_SCRIPT })
    const { skills, loadErrors } = await library.list(admin)
    expect(skills.filter((skill) => skill.name === 'late-arrival')).toEqual([expect.objectContaining({ source: 'stored', scripts: [] })])
    expect(loadErrors).toContainEqual(expect.objectContaining({ path: 'more/late-arrival/SKILL.md', rule: 'duplicate_name' }))
    expect((await library.providerFor(['late-arrival'], {}))!.skills[0].kind).toBe('inline')
    // Deleting the stored one lets the file skill through.
    await library.delete(admin, 'late-arrival')
    expect((await library.get(admin, 'late-arrival')).source).toBe('file')
  })

  it('still lists a stored skill whose saved text no longer parses, reports it, and refuses it to agents', async () => {
    await db.prisma.skill.create({
      data: { name: 'legacy', description: 'Saved long ago.', content: '---\nname: Legacy\ndescription: x\n---\n', resources: 'not a list' },
    })
    const { skills, loadErrors } = await library.list(admin)
    expect(skills.find((skill) => skill.name === 'legacy')).toMatchObject({ source: 'stored', description: 'Saved long ago.', resources: [] })
    expect(loadErrors).toContainEqual({ path: 'stored:legacy', rule: 'invalid_name', message: expect.stringMatching(/^Invalid skill name 'Legacy'/) })
    await expect(library.providerFor(['legacy'], {})).rejects.toThrow(/Skill 'legacy' cannot be used: Invalid skill name 'Legacy'/)
    expect((await library.get(admin, 'legacy')).body).toBe('')
    expect((await httpError(library.update(admin, 'legacy', { resources: [] }, 1))).details).toEqual({ rule: 'invalid_name' })
    const fixed = await library.update(admin, 'legacy', { content: skillMarkdown('legacy', 'Fixed.') }, 1)
    expect(fixed).toMatchObject({ name: 'legacy', description: 'Fixed.' })
    await library.delete(admin, 'legacy')
  })

  it("keeps a member's stored skills to them (and admins): others get 404 and cannot use them", async () => {
    const member = (name: string): Principal => ({
      userId: name,
      email: `${name}@example.test`,
      name,
      role: 'member',
      via: 'token',
      personalWorkspaceId: `ws-${name}`,
      memberships: [{ workspaceId: `ws-${name}`, workspaceName: name, role: 'owner', approver: false }],
    })
    const alice = member('alice')
    const bob = member('bob')
    await library.create(alice, { content: skillMarkdown('alices-notes') })
    expect((await library.list(alice)).skills.map((skill) => skill.name)).toContain('alices-notes')
    expect((await library.list(bob)).skills.map((skill) => skill.name)).not.toContain('alices-notes')
    expect((await library.list(bob)).skills.map((skill) => skill.name)).toContain('slugger')
    expect((await httpError(library.get(bob, 'alices-notes'))).status).toBe(404)
    expect((await httpError(library.update(bob, 'alices-notes', { resources: [] }, 1))).status).toBe(404)
    expect((await httpError(library.delete(bob, 'alices-notes'))).status).toBe(404)
    await expect(library.providerFor(['alices-notes'], { workspaceId: 'ws-bob' })).rejects.toThrow(/Unknown skill 'alices-notes'/)
    expect((await library.providerFor(['alices-notes'], { workspaceId: 'ws-alice' }))!.skills.map((skill) => skill.frontmatter.name)).toEqual(['alices-notes'])
    expect(await library.delete(alice, 'alices-notes')).toEqual({ name: 'alices-notes' })
  })
})

describe('skill directories', () => {
  it('are examples/skills under the working directory plus AGENTLOOM_SKILLS_DIRS', () => {
    expect(skillDirectoriesFromEnv({}, '/srv/app')).toEqual([join('/srv/app', DEFAULT_SKILLS_DIRECTORY)])
    expect(skillDirectoriesFromEnv({ AGENTLOOM_SKILLS_DIRS: '/opt/skills: team-skills ::/srv/app/examples/skills' }, '/srv/app')).toEqual([
      '/srv/app/examples/skills',
      '/opt/skills',
      '/srv/app/team-skills',
    ])
  })

  it('by default offer the example skills shipped with the repository', async () => {
    const db = await createTestDatabase()
    try {
      const library = new SkillLibrary({ prisma: db.prisma, directories: skillDirectoriesFromEnv({}) })
      const { skills, loadErrors } = await library.list(admin)
      expect(loadErrors).toEqual([])
      expect(skills.map((skill) => skill.name)).toEqual(expect.arrayContaining(['meeting-notes', 'text-tools', 'unit-converter']))
      expect(skills.find((skill) => skill.name === 'text-tools')).toMatchObject({
        source: 'file',
        path: 'examples/skills/text-tools',
        license: 'MIT',
        scripts: ['scripts/slugify.mjs', 'scripts/word-count.mjs'],
        resources: ['references/style-guide.md'],
      })
    } finally {
      await db.close()
    }
  })
})
