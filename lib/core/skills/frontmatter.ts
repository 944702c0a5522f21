/**
 * SkillFrontmatter: a skill's discovery metadata (the Agent Skills spec fields), validated when
 * constructed. Later assignments are not re-validated, as in the reference framework.
 *
 *   new SkillFrontmatter({ name: 'pdf-tools', description: 'Work with PDFs' })
 *   new SkillFrontmatter({ name: 'PDF Tools', description: '…' })   // throws SkillValidationError
 */
import { SkillValidationError } from '../errors'

export const MAX_NAME_LENGTH = 64
export const MAX_DESCRIPTION_LENGTH = 1024
export const MAX_COMPATIBILITY_LENGTH = 500

/** Lowercase letters, digits and single hyphens; no hyphen at either end. */
export const VALID_NAME_PATTERN = /^[a-z0-9]([a-z0-9]*-[a-z0-9])*[a-z0-9]*$/

export interface SkillFrontmatterInit {
  name: string
  description: string
  license?: string
  /** Environment requirements, at most 500 characters. */
  compatibility?: string
  /** Space-separated names of pre-approved tools (`allowed-tools` in SKILL.md). */
  allowedTools?: string
  metadata?: Record<string, string>
}

function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === ''
}

export function validateSkillName(name: string): void {
  if (isBlank(name)) throw new SkillValidationError('Skill name cannot be empty.')
  if (name.length > MAX_NAME_LENGTH || !VALID_NAME_PATTERN.test(name)) {
    throw new SkillValidationError(
      `Invalid skill name '${name}': Must be ${MAX_NAME_LENGTH} characters or fewer, ` +
        'using only lowercase letters, numbers, and hyphens, and must not start or end with a hyphen ' +
        'or contain consecutive hyphens.',
    )
  }
}

export function validateSkillDescription(name: string, description: string): void {
  if (isBlank(description)) throw new SkillValidationError('Skill description cannot be empty.')
  if (description.length > MAX_DESCRIPTION_LENGTH) {
    throw new SkillValidationError(`Skill '${name}' has an invalid description: Must be ${MAX_DESCRIPTION_LENGTH} characters or fewer.`)
  }
}

export function validateSkillCompatibility(compatibility: string | undefined): void {
  if (compatibility !== undefined && (typeof compatibility !== 'string' || compatibility.length > MAX_COMPATIBILITY_LENGTH)) {
    throw new SkillValidationError(`Skill compatibility must be ${MAX_COMPATIBILITY_LENGTH} characters or fewer.`)
  }
}

export class SkillFrontmatter {
  name: string
  description: string
  license?: string
  compatibility?: string
  allowedTools?: string
  metadata?: Record<string, string>

  constructor(init: SkillFrontmatterInit) {
    if (typeof init !== 'object' || init === null) throw new SkillValidationError('SkillFrontmatter needs { name, description }.')
    validateSkillName(init.name)
    validateSkillDescription(init.name, init.description)
    validateSkillCompatibility(init.compatibility)
    this.name = init.name
    this.description = init.description
    this.license = init.license
    this.compatibility = init.compatibility
    this.allowedTools = init.allowedTools
    // A copy, so the caller's object does not alias the skill's.
    this.metadata = init.metadata === undefined ? undefined : { ...init.metadata }
  }
}
