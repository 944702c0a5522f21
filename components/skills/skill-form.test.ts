import { describe, expect, it } from 'vitest'
import { parseSkillMarkdown } from '@/lib/core'
import { ApiError, apiErrorFrom } from '@/components/api-client'
import { SKILL_TEMPLATE, createRequest, problemsByField, ruleLabel, saveProblems } from './skill-form'

describe('the skill editor', () => {
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

  it('puts a refused save at its fields: the SKILL.md rule or a taken name on the content, a request’s issues at their paths', () => {
    const badName = apiErrorFrom(400, { error: { code: 'invalid_skill', message: "Invalid skill name 'X'", details: { rule: 'invalid_name' } } })
    expect(saveProblems(badName)).toEqual([{ field: 'content', rule: 'invalid_name', message: "Invalid skill name 'X'" }])
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
    expect(saveProblems(badRequest)).toEqual([
      { field: 'resources.0.name', message: 'A resource needs a name.' },
      { field: 'form', message: 'Top' },
    ])
    expect(saveProblems(new ApiError(409, 'skill_exists', 'Taken.'))).toEqual([{ field: 'content', rule: 'name_taken', message: 'Taken.' }])
    expect(saveProblems(new Error('boom'))).toEqual([{ field: 'form', message: 'boom' }])
  })

  it('maps the problems of resources back to the form’s rows, which include rows left empty', () => {
    const rows = [
      { name: '', content: '' },
      { name: '../x.md', content: 'x' },
    ]
    const byField = problemsByField(
      [
        { field: 'resources.0.name', message: 'bad' },
        { field: 'content', message: 'c' },
      ],
      rows,
    )
    expect([...byField.keys()]).toEqual(['resources.1.name', 'content'])
  })

  it('labels rules for people', () => {
    expect(ruleLabel('invalid_name')).toBe('invalid name')
    expect(ruleLabel('name_mismatch')).toBe('name mismatch')
  })
})
