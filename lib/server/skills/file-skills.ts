/**
 * File skills: directories with a SKILL.md below the configured skills directories (by default
 * `examples/skills` in the app's working directory, plus the colon-separated
 * `AGENTLOOM_SKILLS_DIRS`). Discovered afresh on each call, so a skill added on disk shows up
 * without a restart. Their .js/.mjs scripts run with the given runner (by default lib/core's Node
 * runner: no shell, scrubbed environment, timeout).
 */
import { watch } from 'node:fs'
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

/**
 * The names of the file skills under `directories`, read from disk once per process and again after
 * anything under them changes (a watch) — a run's create checks the names its graph uses here,
 * where scanning and parsing every SKILL.md per create cost 14.5 % of a web process's CPU (issue 29).
 * A watch event arrives a moment after the change, so a name missing from what is known is looked
 * for on disk again before it is called unknown: a skill added a moment ago is never refused.
 */
export async function fileSkillNames(directories: readonly string[], wanted: readonly string[] = []): Promise<ReadonlySet<string>> {
  const key = directories.join('\0')
  let known = knownFileSkillNames.get(key)
  if (!known || wanted.some((name) => !known!.names.has(name))) {
    known = { names: await scanNames(directories) }
    knownFileSkillNames.set(key, known)
    watchOnce(key, directories)
  }
  return known.names
}

const knownFileSkillNames = new Map<string, { names: ReadonlySet<string> }>()
const watched = new Set<string>()

async function scanNames(directories: readonly string[]): Promise<ReadonlySet<string>> {
  // Names only: no script runs while skills are loaded, so the runner given is never called.
  const { skills } = await loadFileSkills(directories, { scriptRunner: () => Promise.reject(new Error('not run')) })
  return new Set(skills.map((skill) => skill.name))
}

/** Forgets the names on any change under the directories; a directory that cannot be watched is scanned at each miss only. */
function watchOnce(key: string, directories: readonly string[]): void {
  if (watched.has(key)) return
  watched.add(key)
  for (const directory of directories) {
    try {
      watch(directory, { recursive: true, persistent: false }, () => knownFileSkillNames.delete(key)).on('error', () => knownFileSkillNames.delete(key))
    } catch {
      // Missing (not made yet): nothing there to change; a skill made later is found by the rescan on a miss.
    }
  }
}
