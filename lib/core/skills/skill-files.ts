/**
 * Reading files that belong to a skill directory. A relative name must follow the file-access
 * path rules, every segment below the skill directory is checked with lstat (no symbolic links),
 * and the file is opened with O_NOFOLLOW and must be a regular file. The skill directory itself
 * (chosen by whoever configured the provider) is trusted.
 */
import { constants } from 'node:fs'
import { lstat, open } from 'node:fs/promises'
import { join } from 'node:path'
import { FileAccessPathError } from '../errors'
import { normalizeRelativePath, pathSegments, SYMBOLIC_LINK_MESSAGE } from '../harness/path-rules'

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0
const O_NONBLOCK = constants.O_NONBLOCK ?? 0

/** The absolute path of a regular file inside the skill directory; throws when it is missing, not a file or behind a link. */
export async function resolveSkillFile(skillDirectory: string, relativeName: string): Promise<string> {
  const segments = pathSegments(normalizeRelativePath(relativeName))
  let current = skillDirectory
  for (const [index, segment] of segments.entries()) {
    current = join(current, segment)
    let stats
    try {
      stats = await lstat(current)
    } catch {
      throw new FileAccessPathError(`'${relativeName}' was not found in the skill directory.`)
    }
    if (stats.isSymbolicLink()) throw new FileAccessPathError(SYMBOLIC_LINK_MESSAGE)
    const last = index === segments.length - 1
    if (last ? !stats.isFile() : !stats.isDirectory()) throw new FileAccessPathError(`'${relativeName}' is not a file in the skill directory.`)
  }
  return current
}

/** Reads a skill file as UTF-8 text, refusing links (also one swapped in after the checks). */
export async function readSkillFile(skillDirectory: string, relativeName: string): Promise<string> {
  const path = await resolveSkillFile(skillDirectory, relativeName)
  let handle
  try {
    handle = await open(path, constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new FileAccessPathError(SYMBOLIC_LINK_MESSAGE)
    throw error
  }
  try {
    if (!(await handle.stat()).isFile()) throw new FileAccessPathError(`'${relativeName}' is not a file in the skill directory.`)
    return await handle.readFile({ encoding: 'utf8' })
  } finally {
    await handle.close()
  }
}
