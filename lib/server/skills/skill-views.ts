/**
 * What the skills API shows: one summary shape for both sources (skills stored in the database
 * and file skills found on disk), a detail that adds the SKILL.md text, and the load errors of
 * discovery. Paths are relative to the app's working directory: absolute server paths never
 * reach the browser.
 */
import { relative, sep } from 'node:path'
import type { FileSkill, SkillFileRule, SkillFrontmatter } from '@/lib/core'
import type { StoredResource } from './skill-contracts'

export type SkillSource = 'stored' | 'file'

export interface SkillSummary {
  name: string
  description: string
  source: SkillSource
  license?: string
  compatibility?: string
  allowedTools?: string
  metadata?: Record<string, string>
  /** Resource names (for file skills, paths relative to the skill directory). */
  resources: string[]
  /** Script names; stored skills never have scripts (code typed into a browser is never run). */
  scripts: string[]
  /** File skills: the skill directory, relative to the app's working directory. */
  path?: string
  /** Stored skills: when the SKILL.md was last saved. */
  updatedAt?: string
}

export interface SkillDetail extends SkillSummary {
  /** The whole SKILL.md text, frontmatter included. */
  content: string
  /** The SKILL.md text after the frontmatter: the instructions. */
  body: string
  /** Stored skills: the resources with their content, as saved. */
  storedResources?: StoredResource[]
}

/** A SKILL.md (or a stored skill) that could not be offered, with the rule it broke. */
export interface SkillLoadError {
  /** The SKILL.md path relative to the app's working directory, or `stored:<name>` for a stored skill. */
  path: string
  rule: SkillFileRule
  message: string
}

export interface SkillList {
  skills: SkillSummary[]
  loadErrors: SkillLoadError[]
}

/** A path relative to `root`, with forward slashes. */
export function relativePath(root: string, path: string): string {
  return relative(root, path).split(sep).join('/') || '.'
}

/** Replaces absolute paths under `root` in a message by relative ones. */
export function relativiseMessage(root: string, message: string): string {
  const prefix = root.endsWith(sep) ? root : root + sep
  return message.split(prefix).join('')
}

function frontmatterFields(frontmatter: SkillFrontmatter) {
  return {
    name: frontmatter.name,
    description: frontmatter.description,
    ...(frontmatter.license === undefined ? {} : { license: frontmatter.license }),
    ...(frontmatter.compatibility === undefined ? {} : { compatibility: frontmatter.compatibility }),
    ...(frontmatter.allowedTools === undefined ? {} : { allowedTools: frontmatter.allowedTools }),
    ...(frontmatter.metadata === undefined ? {} : { metadata: { ...frontmatter.metadata } }),
  }
}

export function presentFileSkill(skill: FileSkill, root: string): SkillSummary {
  return {
    ...frontmatterFields(skill.frontmatter),
    source: 'file',
    resources: skill.resources.map((resource) => resource.name),
    scripts: skill.scripts.map((script) => script.name),
    path: relativePath(root, skill.path),
  }
}

export function presentStoredSkill(frontmatter: SkillFrontmatter, resources: readonly StoredResource[], updatedAt: Date): SkillSummary {
  return {
    ...frontmatterFields(frontmatter),
    source: 'stored',
    resources: resources.map((resource) => resource.name),
    scripts: [],
    updatedAt: updatedAt.toISOString(),
  }
}
