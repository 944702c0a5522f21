/**
 * The path rules every AgentFileStore applies before touching anything: paths are relative, use
 * forward slashes (backslashes are read as separators, so `..\x` cannot sneak past), and have no
 * `.`/`..` segments, no drive letter, no NUL or other control characters. Segments that Unicode
 * compatibility folding, or reading look-alike slashes as slashes, turns into `.`/`..` (`．．`, `‥`,
 * `x∕..`) are rejected too: harmless on this file system, traversal on any layer that normalises names.
 */
import { FileAccessPathError } from '../errors'

export const SYMBOLIC_LINK_MESSAGE = 'Invalid path: the resolved path contains a symbolic link or reparse point.'

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/
const DRIVE_LETTER = /^[A-Za-z]:/

function show(path: string): string {
  return JSON.stringify(path)
}

/**
 * Normalises a store path to `a/b/c`. Directories may be empty (the root); files may not.
 * Throws FileAccessPathError naming the rule broken.
 */
export function normalizeRelativePath(path: string, { isDirectory = false }: { isDirectory?: boolean } = {}): string {
  if (typeof path !== 'string') throw new FileAccessPathError('Invalid path: a path must be a string.')
  if (path.trim() === '') {
    if (isDirectory) return ''
    throw new FileAccessPathError('A file path must not be empty or whitespace-only.')
  }
  if (CONTROL_CHARACTERS.test(path)) {
    throw new FileAccessPathError(`Invalid path: ${show(path)}. Paths must not contain NUL or other control characters.`)
  }
  const slashed = path.replace(/\\/g, '/')
  const folded = slashed.normalize('NFKC')
  if (slashed.startsWith('/') || DRIVE_LETTER.test(slashed) || /^[/\\]/.test(folded) || DRIVE_LETTER.test(folded)) {
    throw new FileAccessPathError(`Invalid path: ${show(path)}. Paths must be relative and must not start with '/', '\\', or a drive root.`)
  }
  const segments: string[] = []
  for (const segment of slashed.split('/')) {
    if (segment === '') continue
    if (isDotSegment(segment)) {
      throw new FileAccessPathError(`Invalid path: ${show(path)}. Paths must not contain '.' or '..' segments.`)
    }
    segments.push(segment)
  }
  const normalized = segments.join('/')
  if (!isDirectory && normalized === '') throw new FileAccessPathError(`Invalid path: ${show(path)}. A file path must not be empty.`)
  return normalized
}

/** Slashes, and characters that look like one or fold to one. */
const SEPARATOR_LOOKALIKES = /[/\\\u2044\u2215\u2216\u29f8\u29f9\ufe68\uff0f\uff3c]/

function isDotSegment(segment: string): boolean {
  if (segment === '.' || segment === '..') return true
  return segment
    .normalize('NFKC')
    .split(SEPARATOR_LOOKALIKES)
    .some((part) => part === '.' || part === '..')
}

/** The segments of a normalised path (none for the root). */
export function pathSegments(normalized: string): string[] {
  return normalized === '' ? [] : normalized.split('/')
}

/** Joins a normalised directory and a child name. */
export function joinStorePath(directory: string, name: string): string {
  return directory === '' ? name : `${directory}/${name}`
}
