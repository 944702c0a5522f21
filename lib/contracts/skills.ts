/**
 * The HTTP contracts of the skills library. A stored skill is its SKILL.md text plus optional resources
 * ({ name, content }); whether the SKILL.md itself is valid is checked by the library with
 * lib/core's parser, so the rule broken can be named. What the API shows: one summary shape for
 * both sources (skills stored in the database and file skills found on disk), a detail that adds
 * the SKILL.md text, and the load errors of discovery. Paths are relative to the app's working
 * directory: absolute server paths never reach the browser. Browser-safe.
 */
import { z } from 'zod'
import { baseVersionSchema } from './save-base'
import { safeText } from './safe-text'

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
    .regex(
      RESOURCE_NAME_PATTERN,
      'A resource name is a relative path of letters, digits, "_", "-" and "." (e.g. references/guide.md), with no segment starting with a dot.',
    ),
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

/** A SKILL.md's text as a save takes it (its rules are then lib/core's parser's). */
export const skillMarkdownSchema = safeText()
  .min(1, 'The SKILL.md text is empty.')
  .max(MAX_SKILL_MARKDOWN_LENGTH, `A SKILL.md can be at most ${MAX_SKILL_MARKDOWN_LENGTH} characters.`)

export const createSkillRequestSchema = z.object({
  content: skillMarkdownSchema,
  resources: storedResourcesSchema.optional(),
})
export type CreateSkillInput = z.infer<typeof createSkillRequestSchema>

/** PATCH /api/skills/:name. `baseVersion` (or `If-Match`) is the skill's `version` the edit started from, and is required. */
export const updateSkillRequestSchema = z
  .object({
    content: skillMarkdownSchema.optional(),
    resources: storedResourcesSchema.optional(),
    baseVersion: baseVersionSchema.optional(),
  })
  .refine((body) => body.content !== undefined || body.resources !== undefined, 'Nothing to update: give the SKILL.md content or the resources.')
export type UpdateSkillInput = Omit<z.infer<typeof updateSkillRequestSchema>, 'baseVersion'>

export const skillNameParamsSchema = z.object({ name: safeText().min(1).max(200) })

export const SKILL_SOURCES = ['stored', 'file'] as const

/** One skill of GET /api/skills, stored or file alike. */
export const skillSummarySchema = z.object({
  name: z.string(),
  description: z.string(),
  source: z.enum(SKILL_SOURCES),
  license: z.string().optional(),
  compatibility: z.string().optional(),
  allowedTools: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  /** Resource names (for file skills, paths relative to the skill directory). */
  resources: z.array(z.string()),
  /** Script names; stored skills never have scripts (code typed into a browser is never run). */
  scripts: z.array(z.string()),
  /** File skills: the skill directory, relative to the app's working directory. */
  path: z.string().optional(),
  /** Stored skills: when the SKILL.md was last saved. */
  updatedAt: z.string().optional(),
  /** Stored skills: counts the saves; an update names the one it started from (`baseVersion`). */
  version: z.number().int().optional(),
})
export type SkillSummary = z.infer<typeof skillSummarySchema>

export const skillDetailSchema = skillSummarySchema.extend({
  /** The whole SKILL.md text, frontmatter included. */
  content: z.string(),
  /** The SKILL.md text after the frontmatter: the instructions. */
  body: z.string(),
  /** Stored skills: the resources with their content, as saved. */
  storedResources: z.array(z.object({ name: z.string(), content: z.string() })).optional(),
})
export type SkillDetail = z.infer<typeof skillDetailSchema>

/** A SKILL.md (or a stored skill) that could not be offered, with the rule it broke. */
export const skillLoadErrorSchema = z.object({
  /** The SKILL.md path relative to the app's working directory, or `stored:<name>` for a stored skill. */
  path: z.string(),
  /** lib/core's SkillFileRule (that union lives in lib/core, which contracts do not import). */
  rule: z.string(),
  message: z.string(),
})
export type SkillLoadError = z.infer<typeof skillLoadErrorSchema>

/** GET /api/skills. */
export const skillListSchema = z.object({ skills: z.array(skillSummarySchema), loadErrors: z.array(skillLoadErrorSchema) })
export type SkillList = z.infer<typeof skillListSchema>

/** GET, POST and PATCH of a skill. */
export const skillResponseSchema = z.object({ skill: skillDetailSchema })
export type SkillResponse = z.infer<typeof skillResponseSchema>

/** DELETE /api/skills/:name. */
export const deletedSkillResponseSchema = z.object({ deleted: z.object({ name: z.string() }) })
export type DeletedSkillResponse = z.infer<typeof deletedSkillResponseSchema>
