import { describe, expect, it } from 'vitest'
import { SkillValidationError } from '../errors'
import { SkillFrontmatter } from './frontmatter'

const nameMessage = (name: string) =>
  `Invalid skill name '${name}': Must be 64 characters or fewer, using only lowercase letters, numbers, and hyphens, and must not start or end with a hyphen or contain consecutive hyphens.`

describe('SkillFrontmatter', () => {
  it('keeps every spec field and copies metadata', () => {
    const metadata = { author: 'me' }
    const frontmatter = new SkillFrontmatter({
      name: 'pdf-tools',
      description: 'Work with PDFs',
      license: 'MIT',
      compatibility: 'Node 20',
      allowedTools: 'load_skill run_skill_script',
      metadata,
    })
    expect(frontmatter).toMatchObject({
      name: 'pdf-tools',
      description: 'Work with PDFs',
      license: 'MIT',
      compatibility: 'Node 20',
      allowedTools: 'load_skill run_skill_script',
    })
    metadata.author = 'changed'
    expect(frontmatter.metadata).toEqual({ author: 'me' })
  })

  it.each(['a', 'pdf', 'pdf-tools', 'a1-b2-c3', '2fa', 'x'.repeat(64), 'a-b'])('accepts the name %s', (name) => {
    expect(new SkillFrontmatter({ name, description: 'd' }).name).toBe(name)
  })

  it.each(['PDF', 'pdf_tools', '-pdf', 'pdf-', 'pdf--tools', 'pdf tools', 'pdf.tools', 'ü', 'x'.repeat(65), 'a\n'])(
    'rejects the name %j with the exact message',
    (name) => {
      expect(() => new SkillFrontmatter({ name, description: 'd' })).toThrow(new SkillValidationError(nameMessage(name)))
    },
  )

  it('rejects an empty name and an empty description', () => {
    expect(() => new SkillFrontmatter({ name: '', description: 'd' })).toThrow('Skill name cannot be empty.')
    expect(() => new SkillFrontmatter({ name: '  ', description: 'd' })).toThrow('Skill name cannot be empty.')
    expect(() => new SkillFrontmatter({ name: 'a', description: '' })).toThrow('Skill description cannot be empty.')
    expect(() => new SkillFrontmatter({ name: 'a', description: ' \n' })).toThrow('Skill description cannot be empty.')
  })

  it('limits the description to 1024 and compatibility to 500 characters', () => {
    expect(new SkillFrontmatter({ name: 'a', description: 'd'.repeat(1024) }).description).toHaveLength(1024)
    expect(() => new SkillFrontmatter({ name: 'a', description: 'd'.repeat(1025) })).toThrow(
      "Skill 'a' has an invalid description: Must be 1024 characters or fewer.",
    )
    expect(new SkillFrontmatter({ name: 'a', description: 'd', compatibility: 'c'.repeat(500) }).compatibility).toHaveLength(500)
    expect(() => new SkillFrontmatter({ name: 'a', description: 'd', compatibility: 'c'.repeat(501) })).toThrow(
      'Skill compatibility must be 500 characters or fewer.',
    )
  })

  it('does not re-validate later assignments', () => {
    const frontmatter = new SkillFrontmatter({ name: 'a', description: 'd' })
    frontmatter.name = 'Not Valid'
    expect(frontmatter.name).toBe('Not Valid')
  })

  it('throws SkillValidationError, a user error', () => {
    try {
      new SkillFrontmatter({ name: 'BAD', description: 'd' })
    } catch (error) {
      expect(error).toBeInstanceOf(SkillValidationError)
      expect((error as SkillValidationError).userError).toBe(true)
      expect((error as SkillValidationError).code).toBe('skill_validation_error')
    }
  })
})
