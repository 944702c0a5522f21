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

  it('explains a refused save once, under the field it concerns', () => {
    const badName = apiErrorFrom(400, { error: { code: 'invalid_skill', message: "Invalid skill name 'X'", details: { rule: 'invalid_name' } } })
    expect(saveProblem(badName)).toEqual({ content: { message: "Invalid skill name 'X'", rule: 'invalid_name' }, resources: {} })
    const badRequest = apiErrorFrom(400, {
      error: {
        code: 'invalid_request',
        message: 'Invalid request body: resources.1.name: A resource name is a relative path…; : Top',
        details: {
          issues: [
            { path: 'resources.1.name', message: 'A resource name is a relative path…' },
            { path: 'resources.1.name', message: 'A second word on the same name.' },
            { path: 'content', message: 'Too long.' },
            { path: '', message: 'Top' },
          ],
        },
      },
    })
    // A bad resource name is the resource's problem, not SKILL.md's; the request's summary is not repeated.
    expect(saveProblem(badRequest)).toEqual({
      content: { message: 'Too long.' },
      resources: { 1: { name: 'A resource name is a relative path…' } },
      general: 'Top',
    })
    const onlyFields = apiErrorFrom(400, {
      error: {
        code: 'invalid_request',
        message: 'Invalid request body: resources.0.name: …',
        details: { issues: [{ path: 'resources.0.name', message: 'A resource needs a name.' }] },
      },
    })
    expect(saveProblem(onlyFields)).toEqual({ resources: { 0: { name: 'A resource needs a name.' } } })
    expect(saveProblem(new ApiError(409, 'skill_exists', 'Taken.'))).toEqual({ resources: {}, general: 'Taken.' })
    expect(saveProblem(new Error('boom'))).toEqual({ resources: {}, general: 'boom' })
  })

  it('labels rules for people', () => {
    expect(ruleLabel('invalid_name')).toBe('invalid name')
    expect(ruleLabel('name_mismatch')).toBe('name mismatch')
  })
})
