/**
 * Checking a skill before it is saved: the SKILL.md and resources a person is editing (or a
 * folder they chose), held to the rules a save applies and discovery applies on disk (lib/core's
 * SKILL.md parser, the resource name rules, a name no other skill has, and for a folder the name
 * matching the folder's). Each problem names its field, so it shows under that field. Browser-safe.
 */
import { z } from 'zod'
import { MAX_RESOURCE_CONTENT_LENGTH, MAX_RESOURCES, MAX_SKILL_MARKDOWN_LENGTH } from './skills'

/** What discovery reads as resources and as scripts (lib/core's DEFAULT_RESOURCE_EXTENSIONS / DEFAULT_SCRIPT_EXTENSIONS; a test keeps them in step). */
export const SKILL_RESOURCE_EXTENSIONS: readonly string[] = ['.md', '.json', '.yaml', '.yml', '.csv', '.xml', '.txt']
export const SKILL_SCRIPT_EXTENSIONS: readonly string[] = ['.js', '.mjs']

/**
 * POST /api/skill-checks. Looser than a save on purpose: text of any shape within the size
 * limits is a check's input, and what is wrong with it is the answer (not a 400).
 */
export const skillCheckRequestSchema = z
  .object({
    content: z.string().max(MAX_SKILL_MARKDOWN_LENGTH * 2),
    resources: z
      .array(z.object({ name: z.string().max(1_000), content: z.string().max(MAX_RESOURCE_CONTENT_LENGTH * 2) }).strict())
      .max(MAX_RESOURCES * 2)
      .default([]),
    /** The stored skill being edited: keeping its own name is not a clash. */
    current: z.string().max(200).optional(),
    /** The folder a skill was imported from: on disk, the name must be the folder's. */
    folder: z.string().max(200).optional(),
  })
  .strict()
export type SkillCheckRequest = z.input<typeof skillCheckRequestSchema>

export const skillProblemSchema = z.object({
  /** `content` (the SKILL.md), `resources.<i>.name`, `resources.<i>.content`, or `resources`. */
  field: z.string(),
  /** The SKILL.md rule broken (lib/core's SkillFileRule, or name_taken), when there is one. */
  rule: z.string().optional(),
  message: z.string(),
})
export type SkillProblem = z.infer<typeof skillProblemSchema>

export const skillCheckSchema = z.object({
  ok: z.boolean(),
  /** From the frontmatter, when it parses. */
  name: z.string().optional(),
  description: z.string().optional(),
  problems: z.array(skillProblemSchema),
})
export type SkillCheck = z.infer<typeof skillCheckSchema>
