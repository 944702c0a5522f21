/**
 * File skills: directories with a SKILL.md below the configured skills directories (by default
 * `examples/skills` in the app's working directory, plus the colon-separated
 * `AGENTLOOM_SKILLS_DIRS`). Discovered afresh on each call, so a skill added on disk shows up
 * without a restart. Their .js/.mjs scripts run with the given runner (by default lib/core's Node
 * runner: no shell, scrubbed environment, timeout).
 */
import { isAbsolute, join, resolve } from 'node:path'
import { loadFileSkills, type FileSkill, type SkillScriptRunner } from '@/lib/core'
import type { SkillLoadError } from '@/lib/contracts/skills'
import { relativePath, relativiseMessage } from './skill-views'

export const DEFAULT_SKILLS_DIRECTORY = join('examples', 'skills')
export const SKILLS_DIRS_VARIABLE = 'AGENTLOOM_SKILLS_DIRS'

/** The skills directories: the examples, then each entry of AGENTLOOM_SKILLS_DIRS (relative ones under `root`). */
export function skillDirectoriesFromEnv(env: Readonly<Record<string, string | undefined>> = process.env, root = process.cwd()): string[] {
  const extra = (env[SKILLS_DIRS_VARIABLE] ?? '')
    .split(':')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const directories = [join(root, DEFAULT_SKILLS_DIRECTORY), ...extra.map((entry) => (isAbsolute(entry) ? entry : resolve(root, entry)))]
  return [...new Set(directories)]
}

export interface FileSkillCatalog {
  skills: FileSkill[]
  loadErrors: SkillLoadError[]
}

export async function discoverFileSkills(directories: readonly string[], scriptRunner: SkillScriptRunner, root: string): Promise<FileSkillCatalog> {
  const { skills, errors } = await loadFileSkills(directories, { scriptRunner })
  return {
    skills,
    loadErrors: errors.map((error) => ({ path: relativePath(root, error.filePath), rule: error.rule, message: relativiseMessage(root, error.message) })),
  }
}
