/**
 * Finding file skills. Each configured path is searched up to `discoveryDepth` (2) levels for
 * directories holding a SKILL.md; such a directory is a skill root and is not searched further.
 * Symbolic links below a configured path are never followed (a SKILL.md that is a link is
 * skipped too). In each skill, resources and scripts are the files with the configured extensions
 * found up to `searchDepth` levels (1 = the skill directory only), again skipping links.
 * A SKILL.md that cannot be loaded is reported as a SkillFileError; the other skills still load.
 */
import { lstat, readdir, stat } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import type { Dirent } from 'node:fs'
import { SkillFileError, SkillValidationError } from '../errors'
import type { Logger } from '../logger'
import { FileSkillResource } from './resources'
import { FileSkill, SkillScript, type SkillScriptRunner } from './skill'
import { readSkillFile } from './skill-files'
import { parseSkillMarkdown } from './skill-md'

export const SKILL_FILE_NAME = 'SKILL.md'
export const DEFAULT_DISCOVERY_DEPTH = 2
export const DEFAULT_SEARCH_DEPTH = 2
export const DEFAULT_RESOURCE_EXTENSIONS: readonly string[] = ['.md', '.json', '.yaml', '.yml', '.csv', '.xml', '.txt']
export const DEFAULT_SCRIPT_EXTENSIONS: readonly string[] = ['.js', '.mjs']

/** `(skillName, relativePath) => keep?` */
export type SkillFileFilter = (skillName: string, relativePath: string) => boolean

export interface FileSkillDiscoveryOptions {
  /** Runs the file scripts found. */
  scriptRunner?: SkillScriptRunner
  resourceExtensions?: readonly string[]
  scriptExtensions?: readonly string[]
  /** How deep to look for resources and scripts inside a skill (≥ 1; default 2). */
  searchDepth?: number
  /** How deep to look for SKILL.md below each configured path (default 2). */
  discoveryDepth?: number
  resourceFilter?: SkillFileFilter
  scriptFilter?: SkillFileFilter
  logger?: Logger
}

export interface FileSkillDiscovery {
  skills: FileSkill[]
  errors: SkillFileError[]
}

async function isLink(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isSymbolicLink()
  } catch {
    return true // cannot be inspected: treat as unsafe
  }
}

async function sortedEntries(directory: string): Promise<Dirent[]> {
  try {
    return (await readdir(directory, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  } catch {
    return []
  }
}

/** Absolute paths of the skill directories below `paths`, plus a report of SKILL.md files that are links. */
export async function discoverSkillDirectories(
  paths: readonly string[],
  { discoveryDepth = DEFAULT_DISCOVERY_DEPTH, logger }: { discoveryDepth?: number; logger?: Logger } = {},
): Promise<{ directories: string[]; errors: SkillFileError[] }> {
  const directories: string[] = []
  const errors: SkillFileError[] = []
  async function search(directory: string, depth: number): Promise<void> {
    const skillFile = join(directory, SKILL_FILE_NAME)
    const stats = await lstat(skillFile).catch(() => undefined)
    if (stats?.isSymbolicLink()) {
      errors.push(new SkillFileError(skillFile, 'symbolic_link', `SKILL.md at '${skillFile}' is a symbolic link; skipping the skill.`))
      return
    }
    if (stats?.isFile()) {
      directories.push(directory)
      return
    }
    if (depth >= discoveryDepth) return
    for (const entry of await sortedEntries(directory)) {
      if (entry.isSymbolicLink()) {
        logger?.warn(`Skipping discovery entry '${join(directory, entry.name)}': symbolic link.`)
        continue
      }
      if (entry.isDirectory()) await search(join(directory, entry.name), depth + 1)
    }
  }
  for (const path of paths) {
    if (typeof path !== 'string' || path.trim() === '') continue
    const root = resolve(path)
    // The configured paths are trusted (the host chose them), so a link there is followed.
    const stats = await stat(root).catch(() => undefined)
    if (!stats?.isDirectory()) {
      logger?.warn(`Skills path '${root}' is not a directory; skipping it.`)
      continue
    }
    await search(root, 0)
  }
  return { directories, errors }
}

/** Relative paths (forward slashes, sorted) of files with the given extensions, up to `depth` levels. */
export async function scanSkillFiles(
  skillDirectory: string,
  extensions: readonly string[],
  depth: number,
  { skipSkillFile }: { skipSkillFile: boolean },
): Promise<string[]> {
  const wanted = new Set(extensions.map((e) => e.toLowerCase()))
  const found: string[] = []
  async function scan(directory: string, relative: string, level: number): Promise<void> {
    for (const entry of await sortedEntries(directory)) {
      const entryRelative = relative === '' ? entry.name : `${relative}/${entry.name}`
      if (entry.isSymbolicLink()) continue
      if (entry.isDirectory()) {
        if (level < depth && !(await isLink(join(directory, entry.name)))) await scan(join(directory, entry.name), entryRelative, level + 1)
        continue
      }
      if (!entry.isFile()) continue
      if (skipSkillFile && entry.name.toUpperCase() === SKILL_FILE_NAME.toUpperCase()) continue
      const dot = entry.name.lastIndexOf('.')
      if (dot <= 0 || !wanted.has(entry.name.slice(dot).toLowerCase())) continue
      found.push(entryRelative)
    }
  }
  if (wanted.size > 0) await scan(skillDirectory, '', 1)
  return found.sort()
}

/** Reads and checks one skill directory's SKILL.md (the name must equal the directory name). */
async function loadSkill(directory: string, options: FileSkillDiscoveryOptions): Promise<FileSkill> {
  const skillFile = join(directory, SKILL_FILE_NAME)
  let content: string
  try {
    content = await readSkillFile(directory, SKILL_FILE_NAME)
  } catch (error) {
    throw new SkillFileError(skillFile, 'unreadable', `Failed to read SKILL.md at '${skillFile}': ${(error as Error).message}`, { cause: error })
  }
  const { frontmatter } = parseSkillMarkdown(content, skillFile)
  const directoryName = basename(directory)
  if (frontmatter.name !== directoryName) {
    throw new SkillFileError(
      skillFile,
      'name_mismatch',
      `SKILL.md at '${skillFile}' has frontmatter name '${frontmatter.name}' that does not match the directory name '${directoryName}'; skipping.`,
    )
  }
  const depth = options.searchDepth ?? DEFAULT_SEARCH_DEPTH
  const keepResource = options.resourceFilter ?? (() => true)
  const keepScript = options.scriptFilter ?? (() => true)
  const resourceNames = await scanSkillFiles(directory, options.resourceExtensions ?? DEFAULT_RESOURCE_EXTENSIONS, depth, { skipSkillFile: true })
  const scriptNames = await scanSkillFiles(directory, options.scriptExtensions ?? DEFAULT_SCRIPT_EXTENSIONS, depth, { skipSkillFile: false })
  return new FileSkill({
    frontmatter,
    content,
    path: directory,
    resources: resourceNames.filter((name) => keepResource(frontmatter.name, name)).map((name) => new FileSkillResource({ name, skillDirectory: directory })),
    scripts: scriptNames
      .filter((name) => keepScript(frontmatter.name, name))
      .map((name) => new SkillScript({ name, path: join(directory, name), runner: options.scriptRunner })),
  })
}

/** Discovers and loads every file skill below `paths`; duplicates by name (case-insensitive) keep the first. */
export async function loadFileSkills(paths: string | readonly string[], options: FileSkillDiscoveryOptions = {}): Promise<FileSkillDiscovery> {
  const searchDepth = options.searchDepth ?? DEFAULT_SEARCH_DEPTH
  if (!Number.isInteger(searchDepth) || searchDepth < 1) throw new SkillValidationError(`searchDepth must be >= 1, got ${searchDepth}`)
  const list = typeof paths === 'string' ? [paths] : [...paths]
  const { directories, errors } = await discoverSkillDirectories(list, { discoveryDepth: options.discoveryDepth, logger: options.logger })
  const skills: FileSkill[] = []
  const byName = new Map<string, FileSkill>()
  for (const directory of directories) {
    let skill: FileSkill
    try {
      skill = await loadSkill(directory, options)
    } catch (error) {
      if (!(error instanceof SkillFileError)) throw error
      errors.push(error)
      continue
    }
    const existing = byName.get(skill.name.toLowerCase())
    if (existing) {
      errors.push(
        new SkillFileError(
          join(directory, SKILL_FILE_NAME),
          'duplicate_name',
          `Duplicate skill name '${skill.name}': skill from '${directory}' skipped in favor of the one from '${existing.path}'.`,
        ),
      )
      continue
    }
    byName.set(skill.name.toLowerCase(), skill)
    skills.push(skill)
  }
  for (const error of errors) options.logger?.error(error.message)
  return { skills, errors }
}
