import { describe, expect, it } from 'vitest'
import { parseSkillMarkdown } from '@/lib/core'
import { ApiError, apiErrorFrom } from '@/components/api-client'
import { SKILL_TEMPLATE, createRequest, ruleLabel, saveProblem } from './skill-form'

describe('the new-skill form', () => {
  it('starts from a template that is a valid SKILL.md', () => {
    const { frontmatter, body } = parseSkillMarkdown(SKILL_TEMPLATE, 'SKILL.md')
    expect(frontmatter.name).toBe('my-skill')
    expect(body).toContain('# My skill')
  })

  it('sends resource rows with trimmed names and drops rows left empty', () => {
    expect(createRequest('x', [])).toEqual({ content: 'x' })
    expect(createRequest('x', [{ name: '', content: '' }])).toEqual({ content: 'x' })
    expect(
      createRequest('x', [
        { name: ' notes.md ', content: 'N' },
        { name: '', content: '' },
        { name: '', content: 'orphan' },
      ]),
    ).toEqual({
      content: 'x',
      resources: [
        { name: 'notes.md', content: 'N' },
        { name: '', content: 'orphan' },
      ],
    })
  })

  it('explains a refused save: the SKILL.md rule, the fields of a bad request, or the message', () => {
    const badName = apiErrorFrom(400, { error: { code: 'invalid_skill', message: "Invalid skill name 'X'", details: { rule: 'invalid_name' } } })
    expect(saveProblem(badName)).toEqual({ message: "Invalid skill name 'X'", rule: 'invalid_name', issues: [] })
    const badRequest = apiErrorFrom(400, {
      error: {
        code: 'invalid_request',
        message: 'Invalid request body',
        details: {
          issues: [
            { path: 'resources.0.name', message: 'A resource needs a name.' },
            { path: '', message: 'Top' },
          ],
        },
      },
    })
    expect(saveProblem(badRequest).issues).toEqual(['resources.0.name: A resource needs a name.', 'Top'])
    expect(saveProblem(new ApiError(409, 'skill_exists', 'Taken.'))).toEqual({ message: 'Taken.', issues: [] })
    expect(saveProblem(new Error('boom'))).toEqual({ message: 'boom', issues: [] })
  })

  it('labels rules for people', () => {
    expect(ruleLabel('invalid_name')).toBe('invalid name')
    expect(ruleLabel('name_mismatch')).toBe('name mismatch')
  })
})
