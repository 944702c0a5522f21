import { describe, expect, it } from 'vitest'
import { SkillValidationError } from '../errors'
import { SkillFrontmatter } from './frontmatter'
import { InlineSkill } from './skill'
import { DEFAULT_SKILLS_INSTRUCTION_PROMPT, skillsInstructions, validateInstructionTemplate } from './skills-prompt'

const skill = (name: string, description: string) => new InlineSkill({ frontmatter: new SkillFrontmatter({ name, description }), instructions: 'i' })

describe('skillsInstructions', () => {
  it('advertises skills sorted by name, escaped, inside the default prompt', () => {
    const text = skillsInstructions([skill('zeta', 'Last & <least>'), skill('alpha', 'First')])!
    expect(text).toBe(
      [
        'You have access to skills containing domain-specific knowledge and capabilities.',
        'Each skill provides specialized instructions, reference documents, and assets for specific tasks.',
        '',
        '<available_skills>',
        '  <skill>',
        '    <name>alpha</name>',
        '    <description>First</description>',
        '  </skill>',
        '  <skill>',
        '    <name>zeta</name>',
        '    <description>Last &amp; &lt;least&gt;</description>',
        '  </skill>',
        '</available_skills>',
        '',
        "When a task aligns with a skill's domain, follow these steps in exact order:",
        "- Use `load_skill` to retrieve the skill's instructions.",
        '- Follow the provided guidance.',
        '- Use `read_skill_resource` only for a resource explicitly referenced by the loaded skill.',
        '- Pass its resource path exactly as written in that skill.',
        '- Never infer or guess resource paths.',
        '',
        '- Use `run_skill_script` to run referenced scripts, using the name exactly as listed.',
        '- Pass script arguments inside `args` as a JSON object (e.g. `args: {"length": 24}`), not as top-level tool parameters.',
        '',
        'Only load what is needed, when it is needed.',
      ].join('\n'),
    )
  })

  it('is undefined without skills', () => {
    expect(skillsInstructions([])).toBeUndefined()
  })

  it('fills a custom template and keeps doubled braces literal', () => {
    expect(skillsInstructions([skill('a', 'd')], 'Skills {{json}}:\n{skills}')).toBe(
      'Skills {json}:\n  <skill>\n    <name>a</name>\n    <description>d</description>\n  </skill>',
    )
  })

  it('rejects templates without {skills} or with stray braces', () => {
    expect(() => validateInstructionTemplate('no placeholder')).toThrow(
      new SkillValidationError("The provided instructionTemplate must contain a '{skills}' placeholder."),
    )
    expect(() => validateInstructionTemplate('{skills} {unknown}')).toThrow(/is not a valid format string/)
    expect(() => validateInstructionTemplate('{skills} {')).toThrow(/is not a valid format string/)
    expect(() => validateInstructionTemplate(DEFAULT_SKILLS_INSTRUCTION_PROMPT)).not.toThrow()
  })
})
