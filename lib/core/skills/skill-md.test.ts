import { describe, expect, it } from 'vitest'
import { SkillFileError } from '../errors'
import { parseSkillMarkdown, splitFrontmatter } from './skill-md'

const PATH = '/skills/demo/SKILL.md'

function failure(content: string): SkillFileError {
  try {
    parseSkillMarkdown(content, PATH)
  } catch (error) {
    expect(error).toBeInstanceOf(SkillFileError)
    return error as SkillFileError
  }
  throw new Error('expected a SkillFileError')
}

describe('parseSkillMarkdown', () => {
  it('reads every frontmatter field and the body', () => {
    const parsed = parseSkillMarkdown(
      [
        '---',
        'name: demo',
        'description: >',
        '  A folded',
        '  description.',
        'license: Apache-2.0',
        'compatibility: "Node 20"',
        'allowed-tools: load_skill read_skill_resource',
        'metadata:',
        '  author: someone',
        '  version: 1.0',
        '  beta: true',
        '---',
        '# Body',
        'text',
      ].join('\n'),
      PATH,
    )
    expect(parsed.frontmatter).toMatchObject({
      name: 'demo',
      description: 'A folded description.\n',
      license: 'Apache-2.0',
      compatibility: 'Node 20',
      allowedTools: 'load_skill read_skill_resource',
      metadata: { author: 'someone', version: '1', beta: 'true' },
    })
    expect(parsed.body).toBe('# Body\ntext')
  })

  it('accepts a BOM, CRLF line ends, trailing spaces after the fences and allowed-tools as a list', () => {
    const parsed = parseSkillMarkdown('\uFEFF---  \r\nname: demo\r\ndescription: d\r\nallowed-tools: [a, b]\r\n---\r\nbody', PATH)
    expect(parsed.frontmatter.name).toBe('demo')
    expect(parsed.frontmatter.allowedTools).toBe('a b')
  })

  it('reports a missing frontmatter with the file path', () => {
    for (const content of ['# no frontmatter', 'name: demo\n---', '---\nname: demo\n', '---\n---\nbody', '\n---\nname: demo\n---']) {
      const error = failure(content)
      expect(error.rule).toBe('missing_frontmatter')
      expect(error.filePath).toBe(PATH)
      expect(error.message).toBe(`SKILL.md at '${PATH}' does not contain valid YAML frontmatter delimited by '---'`)
    }
  })

  it('reports bad YAML, duplicate keys and a frontmatter that is not a mapping', () => {
    const bad = failure('---\nname: [demo\ndescription: d\n---')
    expect(bad.rule).toBe('invalid_yaml')
    expect(bad.message).toMatch(/^SKILL\.md at '\/skills\/demo\/SKILL\.md' has invalid YAML frontmatter: .+ at line \d+, column \d+$/)
    expect(failure('---\nname: a\nname: b\ndescription: d\n---').rule).toBe('invalid_yaml')
    const list = failure('---\n- a\n- b\n---')
    expect(list.rule).toBe('frontmatter_not_a_mapping')
    expect(failure('---\njust text\n---').rule).toBe('frontmatter_not_a_mapping')
  })

  it('reports an invalid name with the rule and the exact validation message', () => {
    const error = failure('---\nname: Bad_Name\ndescription: d\n---')
    expect(error.rule).toBe('invalid_name')
    expect(error.message).toBe(
      `Invalid SKILL.md at '${PATH}': Invalid skill name 'Bad_Name': Must be 64 characters or fewer, using only lowercase letters, numbers, and hyphens, and must not start or end with a hyphen or contain consecutive hyphens.`,
    )
    expect(failure('---\ndescription: d\n---').message).toBe(`Invalid SKILL.md at '${PATH}': Skill name cannot be empty.`)
  })

  it('reports description and compatibility problems', () => {
    expect(failure('---\nname: demo\n---').rule).toBe('invalid_description')
    expect(failure('---\nname: demo\n---').message).toBe(`Invalid SKILL.md at '${PATH}': Skill description cannot be empty.`)
    expect(failure(`---\nname: demo\ndescription: ${'d'.repeat(1025)}\n---`).message).toBe(
      `Invalid SKILL.md at '${PATH}': Skill 'demo' has an invalid description: Must be 1024 characters or fewer.`,
    )
    const compatibility = failure(`---\nname: demo\ndescription: d\ncompatibility: ${'c'.repeat(501)}\n---`)
    expect(compatibility.rule).toBe('invalid_compatibility')
    expect(compatibility.message).toBe(`Invalid SKILL.md at '${PATH}': Skill compatibility must be 500 characters or fewer.`)
  })

  it('reports fields of the wrong type', () => {
    expect(failure('---\nname: demo\ndescription: [a, b]\n---').message).toBe(`Invalid SKILL.md at '${PATH}': 'description' must be text.`)
    expect(failure('---\nname: demo\ndescription: d\nmetadata: [1]\n---').message).toBe(
      `Invalid SKILL.md at '${PATH}': 'metadata' must be a mapping of names to text values.`,
    )
    expect(failure('---\nname: demo\ndescription: d\nmetadata:\n  nested:\n    a: 1\n---').rule).toBe('invalid_field')
  })

  it('does not expand alias bombs', () => {
    const bomb = [
      '---',
      'name: demo',
      'description: d',
      'a: &a [x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
      '---',
    ].join('\n')
    expect(failure(bomb).rule).toBe('invalid_yaml')
  })

  it('splits frontmatter and body', () => {
    expect(splitFrontmatter('---\na: 1\n---\nbody\n')).toEqual({ yaml: 'a: 1', body: 'body\n' })
  })
})
