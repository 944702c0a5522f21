import { describe, expect, it } from 'vitest'
import { storedResourcesSchema, updateSkillRequestSchema } from './skills'

describe('skill contracts', () => {
  it('takes relative resource names whose segments do not start with a dot', () => {
    expect(storedResourcesSchema.safeParse([{ name: 'references/guide.md', content: '' }]).success).toBe(true)
    expect(storedResourcesSchema.safeParse([{ name: '../secrets.md', content: '' }]).success).toBe(false)
    expect(storedResourcesSchema.safeParse([{ name: '/etc/passwd', content: '' }]).success).toBe(false)
  })

  it('refuses two resources whose names differ only in case, at the second one', () => {
    const result = storedResourcesSchema.safeParse([
      { name: 'Notes.md', content: 'a' },
      { name: 'notes.md', content: 'b' },
    ])
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([[1, 'name']])
  })

  it('wants the SKILL.md text or the resources in an update', () => {
    expect(updateSkillRequestSchema.safeParse({}).success).toBe(false)
    expect(updateSkillRequestSchema.safeParse({ resources: [] }).success).toBe(true)
  })
})
