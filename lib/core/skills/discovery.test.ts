import { mkdir, mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FileAccessPathError, SkillValidationError } from '../errors'
import { silentLogger } from '../logger'
import { discoverSkillDirectories, loadFileSkills } from './discovery'

const EXAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../examples/skills')

let base: string
let other: string
const skillMd = (name: string, description = `The ${name} skill.`) => `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`

async function put(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, content)
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'agentloom-skills-'))
  other = await mkdtemp(join(tmpdir(), 'agentloom-skills-other-'))
  const a = join(base, 'a-skill')
  await put(join(a, 'SKILL.md'), skillMd('a-skill'))
  await put(join(a, 'refs', 'guide.md'), 'guide')
  await put(join(a, 'data.JSON'), '{}')
  await put(join(a, 'deep', 'x', 'too-deep.md'), 'deep')
  await put(join(a, 'scripts', 'run.mjs'), 'console.log(1)')
  await put(join(a, 'tool.py'), 'print(1)')
  await put(join(a, 'image.png'), 'png')
  await put(join(a, 'nested', 'inner-skill', 'SKILL.md'), skillMd('inner-skill'))
  await put(join(a, 'nested', 'SKILL.md'), skillMd('nested'))
  await put(join(other, 'secret.md'), 'outside')
  await symlink(join(other, 'secret.md'), join(a, 'refs', 'link.md'))
  await symlink(other, join(a, 'linked-dir'))
  await put(join(base, 'group', 'b-skill', 'SKILL.md'), skillMd('b-skill'))
  await put(join(base, 'group', 'deeper', 'c-skill', 'SKILL.md'), skillMd('c-skill'))
  await symlink(join(base, 'group', 'b-skill'), join(base, 'linked'))
  await put(join(base, 'bad-yaml', 'SKILL.md'), '---\nname: [bad-yaml\n---\n')
  await put(join(base, 'no-front', 'SKILL.md'), '# just markdown\n')
  await put(join(base, 'invalid-name', 'SKILL.md'), skillMd('Invalid_Name'))
  await put(join(base, 'mismatch', 'SKILL.md'), skillMd('something-else'))
  await put(join(other, 'real-skill.md'), skillMd('link-md'))
  await mkdir(join(base, 'link-md'))
  await symlink(join(other, 'real-skill.md'), join(base, 'link-md', 'SKILL.md'))
  await put(join(other, 'dups', 'b-skill', 'SKILL.md'), skillMd('b-skill', 'A second b-skill.'))
})

afterAll(async () => {
  await rm(base, { recursive: true, force: true })
  await rm(other, { recursive: true, force: true })
})

describe('discoverSkillDirectories', () => {
  it('searches two levels down, stops at a skill root and never follows links', async () => {
    const { directories, errors } = await discoverSkillDirectories([base])
    expect(directories.map((d) => d.slice(base.length + 1))).toEqual(['a-skill', 'bad-yaml', 'group/b-skill', 'invalid-name', 'mismatch', 'no-front'])
    expect(errors.map((e) => [e.rule, e.filePath])).toEqual([['symbolic_link', join(base, 'link-md', 'SKILL.md')]])
  })

  it('treats a configured path that is itself a skill as one skill, and skips paths that are not directories', async () => {
    const { directories } = await discoverSkillDirectories([join(base, 'a-skill'), join(base, 'missing'), join(base, 'a-skill', 'SKILL.md'), ''])
    expect(directories).toEqual([join(base, 'a-skill')])
  })

  it('honours a custom discovery depth', async () => {
    const { directories } = await discoverSkillDirectories([base], { discoveryDepth: 3 })
    expect(directories.map((d) => d.slice(base.length + 1))).toContain('group/deeper/c-skill')
    const shallow = await discoverSkillDirectories([base], { discoveryDepth: 0 })
    expect(shallow.directories).toEqual([])
  })
})

describe('loadFileSkills', () => {
  it('loads the valid skills and reports each invalid SKILL.md with its path and rule', async () => {
    const { skills, errors } = await loadFileSkills([base], { logger: silentLogger })
    expect(skills.map((s) => s.name)).toEqual(['a-skill', 'b-skill'])
    const reported = Object.fromEntries(errors.map((e) => [e.filePath.slice(base.length + 1), e.rule]))
    expect(reported).toEqual({
      'link-md/SKILL.md': 'symbolic_link',
      'bad-yaml/SKILL.md': 'invalid_yaml',
      'no-front/SKILL.md': 'missing_frontmatter',
      'invalid-name/SKILL.md': 'invalid_name',
      'mismatch/SKILL.md': 'name_mismatch',
    })
    const mismatch = errors.find((e) => e.rule === 'name_mismatch')!
    expect(mismatch.message).toBe(
      `SKILL.md at '${join(base, 'mismatch', 'SKILL.md')}' has frontmatter name 'something-else' that does not match the directory name 'mismatch'; skipping.`,
    )
    expect(errors.find((e) => e.rule === 'invalid_name')!.message).toContain("Invalid skill name 'Invalid_Name'")
  })

  it('finds resources and scripts by extension up to the search depth, skipping SKILL.md files and links', async () => {
    const { skills } = await loadFileSkills([join(base, 'a-skill')], { logger: silentLogger })
    const skill = skills[0]
    expect(skill.path).toBe(join(base, 'a-skill'))
    expect(skill.resources.map((r) => r.name)).toEqual(['data.JSON', 'refs/guide.md'])
    expect(skill.scripts.map((s) => s.name)).toEqual(['scripts/run.mjs'])
    expect(skill.scripts[0].fullPath).toBe(join(base, 'a-skill', 'scripts', 'run.mjs'))
    expect(await (await skill.getResource('REFS/GUIDE.MD'))!.read()).toBe('guide')
    const content = await skill.getContent()
    expect(content.startsWith(skillMd('a-skill'))).toBe(true)
    expect(content).toContain('<resource name="refs/guide.md"/>')
    expect(content).toContain('<script name="scripts/run.mjs"/>')
  })

  it('takes search depth, extensions and filters', async () => {
    const one = (await loadFileSkills([join(base, 'a-skill')], { searchDepth: 1, logger: silentLogger })).skills[0]
    expect(one.resources.map((r) => r.name)).toEqual(['data.JSON'])
    expect(one.scripts).toEqual([])
    const three = (await loadFileSkills([join(base, 'a-skill')], { searchDepth: 3, logger: silentLogger })).skills[0]
    expect(three.resources.map((r) => r.name)).toContain('deep/x/too-deep.md')
    const custom = (
      await loadFileSkills([join(base, 'a-skill')], {
        resourceExtensions: ['.png'],
        scriptExtensions: ['.py', '.mjs'],
        scriptFilter: (skill, path) => skill === 'a-skill' && !path.startsWith('scripts/'),
        logger: silentLogger,
      })
    ).skills[0]
    expect(custom.resources.map((r) => r.name)).toEqual(['image.png'])
    expect(custom.scripts.map((s) => s.name)).toEqual(['tool.py'])
    const none = (await loadFileSkills([join(base, 'a-skill')], { resourceExtensions: [], resourceFilter: () => false, logger: silentLogger })).skills[0]
    expect(none.resources).toEqual([])
    await expect(loadFileSkills([base], { searchDepth: 0 })).rejects.toThrow(new SkillValidationError('searchDepth must be >= 1, got 0'))
  })

  it('keeps the first of two skills with the same name and reports the second', async () => {
    const { skills, errors } = await loadFileSkills([join(base, 'group', 'b-skill'), join(other, 'dups')], { logger: silentLogger })
    expect(skills.map((s) => [s.name, s.frontmatter.description])).toEqual([['b-skill', 'The b-skill skill.']])
    expect(errors.map((e) => e.rule)).toEqual(['duplicate_name'])
  })

  it('re-checks resources on every read: a link swapped in later is refused', async () => {
    const dir = join(base, 'swap-skill')
    await put(join(dir, 'SKILL.md'), skillMd('swap-skill'))
    await put(join(dir, 'notes.md'), 'notes')
    const skill = (await loadFileSkills([dir], { logger: silentLogger })).skills[0]
    await unlink(join(dir, 'notes.md'))
    await symlink(join(other, 'secret.md'), join(dir, 'notes.md'))
    await expect((await skill.getResource('notes.md'))!.read()).rejects.toBeInstanceOf(FileAccessPathError)
    await rm(dir, { recursive: true })
  })

  it('loads the example skills that ship with the repository', async () => {
    const { skills, errors } = await loadFileSkills(EXAMPLES, { logger: silentLogger })
    expect(errors).toEqual([])
    expect(skills.map((s) => s.name)).toEqual(['meeting-notes', 'text-tools', 'unit-converter'])
    const byName = Object.fromEntries(skills.map((s) => [s.name, s]))
    expect(byName['text-tools'].resources.map((r) => r.name)).toEqual(['references/style-guide.md'])
    expect(byName['text-tools'].scripts.map((s) => s.name)).toEqual(['scripts/slugify.mjs', 'scripts/word-count.mjs'])
    expect(byName['text-tools'].frontmatter).toMatchObject({ license: 'MIT', metadata: { author: 'agentloom', version: '1.0' } })
    expect(byName['unit-converter'].frontmatter.allowedTools).toBe('run_skill_script read_skill_resource')
    expect(byName['unit-converter'].resources.map((r) => r.name)).toEqual(['conversion-table.csv'])
    expect(byName['meeting-notes'].scripts).toEqual([])
  })
})
