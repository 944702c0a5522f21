/**
 * The checks of a skill being edited (lib/contracts/skill-checks.ts): what a save would refuse,
 * and what discovery would refuse on disk, each problem at its field. Nothing is saved.
 */
import { parseSkillMarkdown, SkillFileError, type ParsedSkillMarkdown } from '@/lib/core'
import type { SkillCheck, SkillCheckRequest, SkillProblem } from '@/lib/contracts/skill-checks'
import { skillMarkdownSchema, storedResourcesSchema } from '@/lib/contracts/skills'
import { STORED_SKILL_FILE, storedSkillMessage } from './stored-skills'

/** Why `name` cannot be used (another skill has it), or undefined. */
export type NameCheck = (name: string) => Promise<string | undefined>

function parseContent(content: string, problems: SkillProblem[]): ParsedSkillMarkdown | undefined {
  const text = skillMarkdownSchema.safeParse(content)
  if (!text.success) {
    problems.push({ field: 'content', message: text.error.issues[0]?.message ?? 'Not a valid SKILL.md.' })
    return undefined
  }
  try {
    return parseSkillMarkdown(content, STORED_SKILL_FILE)
  } catch (error) {
    if (!(error instanceof SkillFileError)) throw error
    problems.push({ field: 'content', rule: error.rule, message: storedSkillMessage(error.message) })
    return undefined
  }
}

export async function checkSkill(input: SkillCheckRequest, nameTaken: NameCheck): Promise<SkillCheck> {
  const problems: SkillProblem[] = []
  const parsed = parseContent(input.content, problems)
  const name = parsed?.frontmatter.name
  if (name !== undefined && input.folder !== undefined && name !== input.folder) {
    problems.push({
      field: 'content',
      rule: 'name_mismatch',
      message: `The name '${name}' does not match the folder name '${input.folder}': on disk a skill's name must be its folder's.`,
    })
  }
  if (name !== undefined && name !== input.current) {
    const taken = await nameTaken(name)
    if (taken) problems.push({ field: 'content', rule: 'name_taken', message: taken })
  }
  const resources = storedResourcesSchema.safeParse(input.resources ?? [])
  if (!resources.success) {
    for (const issue of resources.error.issues) problems.push({ field: ['resources', ...issue.path.map(String)].join('.'), message: issue.message })
  }
  return { ok: problems.length === 0, name, description: parsed?.frontmatter.description, problems }
}
