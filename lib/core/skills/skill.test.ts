import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { SkillScriptError, SkillValidationError } from '../errors'
import { SkillFrontmatter } from './frontmatter'
import { SkillResource } from './resources'
import { ClassSkill, FileSkill, InlineSkill, SkillScript } from './skill'

const frontmatter = (name = 'db-skill', description = 'Database operations') => new SkillFrontmatter({ name, description })

describe('SkillResource', () => {
  it('holds static content or a sync/async function — exactly one', async () => {
    expect(await new SkillResource({ name: 'ref', content: 'Static docs' }).read()).toBe('Static docs')
    expect(await new SkillResource({ name: 'sync', function: () => 'made' }).read()).toBe('made')
    expect(await new SkillResource({ name: 'async', function: async ({ kwargs }) => `for ${String(kwargs?.user)}` }).read({ kwargs: { user: 'ana' } })).toBe(
      'for ana',
    )
    expect(await new SkillResource({ name: 'object', function: () => ({ a: 1 }) }).read()).toEqual({ a: 1 })
    expect(() => new SkillResource({ name: 'none' })).toThrow(new SkillValidationError("Resource 'none' must have either content or function."))
    expect(() => new SkillResource({ name: 'both', content: 'x', function: () => 'y' })).toThrow(
      "Resource 'both' must have either content or function, not both.",
    )
    expect(() => new SkillResource({ name: ' ', content: 'x' })).toThrow('Resource name cannot be empty.')
  })
})

describe('SkillScript', () => {
  it('holds an inline function or an absolute file path — exactly one', () => {
    expect(() => new SkillScript({ name: 'none' })).toThrow("Script 'none' must have either a function or a path.")
    expect(() => new SkillScript({ name: 'both', function: () => 1, path: '/x.mjs' })).toThrow("Script 'both' must have either a function or a path, not both.")
    expect(() => new SkillScript({ name: 'rel', path: 'scripts/x.mjs' })).toThrow("Script 'rel' needs an absolute path, got: 'scripts/x.mjs'.")
    expect(() => new SkillScript({ name: '', function: () => 1 })).toThrow('Script name cannot be empty.')
    expect(new SkillScript({ name: 'f', path: '/skills/a/f.mjs' }).isFileScript).toBe(true)
  })

  it('runs inline scripts with named arguments and runtime kwargs', async () => {
    const skill = new InlineSkill({ frontmatter: frontmatter(), instructions: 'i' })
    const script = new SkillScript({ name: 'add', function: ({ a, b }, { kwargs }) => Number(a) + Number(b) + Number(kwargs?.bonus ?? 0) })
    expect(await script.run(skill, { a: 2, b: 40 })).toBe(42)
    expect(await script.run(skill, { a: 2, b: 40 }, { kwargs: { bonus: 1 } })).toBe(43)
    expect(await new SkillScript({ name: 'none', function: (args) => Object.keys(args).length }).run(skill, null)).toBe(0)
  })

  it('refuses lists and unparsed strings for inline scripts, unless an argument parser converts them', async () => {
    const skill = new InlineSkill({ frontmatter: frontmatter(), instructions: 'i' })
    const echo = new SkillScript({ name: 'echo', function: (args) => args })
    await expect(echo.run(skill, ['a'])).rejects.toThrow(
      "Inline script 'echo' requires named arguments (an object), but received a list. Array-style arguments are only supported for file-based scripts.",
    )
    await expect(echo.run(skill, '{"a":1}')).rejects.toThrow(/^Inline script 'echo' received string arguments that were not converted to an object\./)
    const parsing = new SkillScript({ name: 'parsing', function: (args) => args, argumentParser: (raw) => (typeof raw === 'string' ? JSON.parse(raw) : raw) })
    expect(await parsing.run(skill, '{"a":1}')).toEqual({ a: 1 })
  })

  it('checks arguments against zod or JSON Schema parameters and shows the schema', async () => {
    const skill = new InlineSkill({ frontmatter: frontmatter(), instructions: 'i' })
    const typed = new SkillScript({ name: 'typed', parameters: z.object({ length: z.number().int().default(8) }), function: ({ length }) => length })
    expect(typed.parametersSchema).toMatchObject({ type: 'object', properties: { length: { type: 'integer' } } })
    expect(await typed.run(skill, {})).toBe(8)
    await expect(typed.run(skill, { length: 'x' })).rejects.toThrow(/^Invalid arguments for script 'typed': length: /)
    const json = new SkillScript({
      name: 'json',
      parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      function: ({ q }) => q,
    })
    await expect(json.run(skill, {})).rejects.toBeInstanceOf(SkillValidationError)
    expect(await json.run(skill, { q: 'ok' })).toBe('ok')
  })

  it('needs a file skill and a runner for file scripts', async () => {
    const inline = new InlineSkill({ frontmatter: frontmatter(), instructions: 'i' })
    const script = new SkillScript({ name: 'x.mjs', path: '/skills/db-skill/x.mjs' })
    await expect(script.run(inline, {})).rejects.toThrow(new SkillScriptError("File-based script 'x.mjs' requires a FileSkill but received 'InlineSkill'."))
    const file = new FileSkill({ frontmatter: frontmatter(), content: '---', path: '/skills/db-skill' })
    await expect(script.run(file, {})).rejects.toThrow("Script 'x.mjs' requires a runner. Provide a scriptRunner for file-based scripts.")
    const calls: unknown[] = []
    const withRunner = new SkillScript({ name: 'x.mjs', path: '/skills/db-skill/x.mjs', runner: (skill, s, args) => calls.push([skill.name, s.name, args]) })
    await withRunner.run(file, ['--flag'])
    expect(calls).toEqual([['db-skill', 'x.mjs', ['--flag']]])
  })
})

describe('InlineSkill', () => {
  it('builds XML content with instructions, resources and scripts, escaping names and descriptions', async () => {
    const skill = new InlineSkill({ frontmatter: frontmatter('db-skill', 'Query <and> manage'), instructions: 'Use parameterised queries.' })
      .addResource({ name: 'schema', description: 'Tables & "columns"', function: () => 'CREATE TABLE …' })
      .addScript({ name: 'run-query', description: 'Runs a query', parameters: z.object({ query: z.string() }), function: ({ query }) => query })
    expect(await skill.getContent()).toBe(
      [
        '<name>db-skill</name>',
        '<description>Query &lt;and&gt; manage</description>',
        '',
        '<instructions>',
        'Use parameterised queries.',
        '</instructions>',
        '',
        '<available_resources>',
        '  <resource name="schema" description="Tables &amp; &quot;columns&quot;"/>',
        '</available_resources>',
        '',
        '<available_scripts>',
        '  <script name="run-query" description="Runs a query">',
        '    <parameters_schema>{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}</parameters_schema>',
        '  </script>',
        '</available_scripts>',
      ].join('\n'),
    )
  })

  it('emits self-closing blocks when there is nothing, so the model does not guess', async () => {
    const content = await new InlineSkill({ frontmatter: frontmatter(), instructions: 'i' }).getContent()
    expect(content).toContain('<available_resources />')
    expect(content).toContain('<available_scripts />')
  })

  it('finds resources and scripts case-insensitively and refuses duplicates', async () => {
    const skill = new InlineSkill({ frontmatter: frontmatter(), instructions: 'i', resources: [new SkillResource({ name: 'Schema', content: 's' })] })
    expect((await skill.getResource('schema'))?.name).toBe('Schema')
    expect(await skill.getResource('other')).toBeUndefined()
    expect(() => skill.addResource({ name: 'SCHEMA', content: 'x' })).toThrow("Skill 'db-skill' already has a resource named 'SCHEMA'.")
    expect(
      () =>
        new InlineSkill({
          frontmatter: frontmatter(),
          instructions: 'i',
          scripts: [new SkillScript({ name: 'a', function: () => 1 }), new SkillScript({ name: 'A', function: () => 2 })],
        }),
    ).toThrow("Skill 'db-skill' already has a script named 'A'.")
  })

  it('gives added scripts the skill’s default argument parser', async () => {
    const skill = new InlineSkill({
      frontmatter: frontmatter(),
      instructions: 'i',
      argumentParser: (raw) => (typeof raw === 'string' ? { text: raw } : (raw as Record<string, unknown> | null)),
    })
    skill.addScript({ name: 'echo', function: ({ text }) => text })
    expect(await (await skill.getScript('echo'))!.run(skill, 'plain')).toBe('plain')
  })

  it('needs a SkillFrontmatter', () => {
    expect(() => new InlineSkill({ frontmatter: { name: 'x', description: 'y' } as SkillFrontmatter, instructions: 'i' })).toThrow(SkillValidationError)
  })
})

class UnitConverterSkill extends ClassSkill {
  constructor() {
    super({ frontmatter: new SkillFrontmatter({ name: 'unit-converter', description: 'Convert between common units.' }) })
  }
  get instructions(): string {
    return 'Use the convert script.'
  }
  protected override createResources() {
    return [new SkillResource({ name: 'table', content: '| From | To | Factor |' })]
  }
  protected override createScripts() {
    return [new SkillScript({ name: 'convert', function: ({ value, factor }) => JSON.stringify({ result: Number(value) * Number(factor) }) })]
  }
}

describe('ClassSkill', () => {
  it('is defined by a class with instructions, resources and scripts', async () => {
    const skill = new UnitConverterSkill()
    expect(skill.kind).toBe('class')
    expect(await skill.getContent()).toContain('<instructions>\nUse the convert script.\n</instructions>')
    expect(await (await skill.getResource('TABLE'))!.read()).toBe('| From | To | Factor |')
    expect(await (await skill.getScript('convert'))!.run(skill, { value: 2, factor: 3 })).toBe('{"result":6}')
    expect(skill.resources).toBe(skill.resources)
  })

  it('refuses duplicate member names', () => {
    class Twice extends ClassSkill {
      get instructions() {
        return 'i'
      }
      protected override createScripts() {
        return [new SkillScript({ name: 'go', function: () => 1 }), new SkillScript({ name: 'go', function: () => 2 })]
      }
    }
    expect(() => new Twice({ frontmatter: frontmatter() }).scripts).toThrow("Skill 'db-skill' already has a script named 'go'.")
  })
})

describe('FileSkill', () => {
  it('returns the SKILL.md text followed by the resource and script blocks', async () => {
    const skill = new FileSkill({
      frontmatter: frontmatter(),
      content: '---\nname: db-skill\n---\nBody',
      path: '/skills/db-skill',
      resources: [new SkillResource({ name: 'refs/a.md', content: 'a' })],
      scripts: [new SkillScript({ name: 'scripts/run.mjs', path: '/skills/db-skill/scripts/run.mjs' })],
    })
    expect(await skill.getContent()).toBe(
      '---\nname: db-skill\n---\nBody\n\n<available_resources>\n  <resource name="refs/a.md"/>\n</available_resources>\n\n<available_scripts>\n  <script name="scripts/run.mjs"/>\n</available_scripts>',
    )
    expect(() => new FileSkill({ frontmatter: frontmatter(), content: '', path: 'relative' })).toThrow(SkillValidationError)
  })
})
