/**
 * Presenting skills for the API (the shapes: lib/contracts/skills.ts). Paths are made relative to
 * the app's working directory: absolute server paths never reach the browser.
 */
import { relative, sep } from 'node:path'
import type { FileSkill, SkillFrontmatter } from '@/lib/core'
import type { SkillSummary, StoredResource } from '@/lib/contracts/skills'

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

export function presentStoredSkill(
  frontmatter: SkillFrontmatter,
  resources: readonly StoredResource[],
  saved: { updatedAt: Date; version: number },
): SkillSummary {
  return {
    ...frontmatterFields(frontmatter),
    source: 'stored',
    resources: resources.map((resource) => resource.name),
    scripts: [],
    updatedAt: saved.updatedAt.toISOString(),
    version: saved.version,
  }
}
