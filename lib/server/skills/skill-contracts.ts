/**
 * The skills API's input contracts. A stored skill is its SKILL.md text plus optional resources
 * ({ name, content }); whether the SKILL.md itself is valid is checked by the library with
 * lib/core's parser, so the rule broken can be named.
 */
import { z } from 'zod'
import { safeText } from '../contracts/safe-text'

export const MAX_SKILL_MARKDOWN_LENGTH = 100_000
export const MAX_RESOURCES = 50
export const MAX_RESOURCE_NAME_LENGTH = 200
export const MAX_RESOURCE_CONTENT_LENGTH = 200_000

/** Relative, slash-separated names such as `references/style-guide.md`; no segment starts with a dot (so no `..`). */
const RESOURCE_NAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/

export const storedResourceSchema = z.object({
  name: safeText()
    .trim()
    .min(1, 'A resource needs a name.')
    .max(MAX_RESOURCE_NAME_LENGTH)
    .regex(RESOURCE_NAME_PATTERN, 'A resource name is a relative path of letters, digits, "_", "-" and "." (e.g. references/guide.md), with no segment starting with a dot.'),
  content: safeText().max(MAX_RESOURCE_CONTENT_LENGTH),
})
export type StoredResource = z.infer<typeof storedResourceSchema>

export const storedResourcesSchema = z
  .array(storedResourceSchema)
  .max(MAX_RESOURCES, `A skill can have at most ${MAX_RESOURCES} resources.`)
  .superRefine((resources, context) => {
    // Resources are looked up case-insensitively, so two names differing only in case would collide.
    const seen = new Set<string>()
    resources.forEach((resource, index) => {
      const key = resource.name.toLowerCase()
      if (seen.has(key)) context.addIssue({ code: 'custom', path: [index, 'name'], message: `Two resources are named '${resource.name}'.` })
      seen.add(key)
    })
  })

const skillMarkdown = safeText().min(1, 'The SKILL.md text is empty.').max(MAX_SKILL_MARKDOWN_LENGTH, `A SKILL.md can be at most ${MAX_SKILL_MARKDOWN_LENGTH} characters.`)

export const createSkillBody = z.object({
  content: skillMarkdown,
  resources: storedResourcesSchema.optional(),
})
export type CreateSkillInput = z.infer<typeof createSkillBody>

export const updateSkillBody = z
  .object({
    content: skillMarkdown.optional(),
    resources: storedResourcesSchema.optional(),
  })
  .refine((body) => body.content !== undefined || body.resources !== undefined, 'Nothing to update: give the SKILL.md content or the resources.')
export type UpdateSkillInput = z.infer<typeof updateSkillBody>

export const skillNameParams = z.object({ name: safeText().min(1).max(200) })
