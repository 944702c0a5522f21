/**
 * Skills stored in the `Skill` table: SKILL.md text typed in the browser plus `{ name, content }`
 * resources. They become InlineSkills whose instructions are the SKILL.md body. They never have
 * scripts: code typed into a browser is never executed.
 */
import { InlineSkill, SkillFileError, SkillResource, parseSkillMarkdown, type ParsedSkillMarkdown } from '@/lib/core'
import { invalidInput } from '../domain-errors'
import { storedResourcesSchema, type StoredResource } from '@/lib/contracts/skills'

/** The file name used in parser messages for SKILL.md text that has no file. */
export const STORED_SKILL_FILE = 'SKILL.md'

export interface StoredSkillRow {
  id: string
  ownerId: string | null
  workspaceId: string | null
  version: number
  updatedById: string | null
  name: string
  description: string
  content: string
  resources: unknown
  updatedAt: Date
}

/**
 * The parser's message without the file location, which says nothing for text typed in a browser:
 * "Invalid SKILL.md at 'SKILL.md': Invalid skill name …" → "Invalid skill name …".
 */
export function storedSkillMessage(message: string): string {
  return message.replace(`Invalid SKILL.md at '${STORED_SKILL_FILE}': `, '').replace(`SKILL.md at '${STORED_SKILL_FILE}'`, 'The SKILL.md')
}

/** Parses SKILL.md text from the browser; a broken rule is a 400 `invalid_skill` naming it (details.rule). */
export function parseSubmittedSkill(content: string): ParsedSkillMarkdown {
  try {
    return parseSkillMarkdown(content, STORED_SKILL_FILE)
  } catch (error) {
    if (error instanceof SkillFileError) throw invalidInput('invalid_skill', storedSkillMessage(error.message), { rule: error.rule })
    throw error
  }
}

/** The resources column as saved; a malformed value (written outside the API) reads as none. */
export function storedResourcesOf(row: Pick<StoredSkillRow, 'resources'>): StoredResource[] {
  const parsed = storedResourcesSchema.safeParse(row.resources ?? [])
  return parsed.success ? parsed.data : []
}

export function toInlineSkill(parsed: ParsedSkillMarkdown, resources: readonly StoredResource[]): InlineSkill {
  return new InlineSkill({
    frontmatter: parsed.frontmatter,
    instructions: parsed.body.trim(),
    resources: resources.map((resource) => new SkillResource({ name: resource.name, content: resource.content })),
  })
}
