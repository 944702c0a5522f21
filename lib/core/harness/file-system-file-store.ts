/**
 * FileSystemAgentFileStore: an AgentFileStore on disk under one root directory (created when
 * missing). Every call applies the path rules, checks the resolved path stays under the root, and
 * walks the path segment by segment with no-follow opens (safe-directory.ts): a symbolic link in any
 * segment is rejected with "Invalid path: the resolved path contains a symbolic link or reparse
 * point.", and a file with several hard links is refused because its content may live elsewhere.
 *
 *   const store = new FileSystemAgentFileStore('/srv/agent-files')
 *   await store.write('notes/a.md', 'text'); await store.read('notes/a.md')   // 'text'
 */
import { mkdirSync, realpathSync, type Dirent } from 'node:fs'
import { readdir, unlink } from 'node:fs/promises'
import { resolve, sep } from 'node:path'
import { FileAccessPathError } from '../errors'
import { sortEntries, type AgentFileStore, type DirectoryEntry, type FileSearchResult, type SearchOptions, type WriteOptions } from './agent-file-store'
import { compileSearchPattern, globMatcher, searchFileContent, type SearchPattern } from './file-search'
import { joinStorePath, normalizeRelativePath, pathSegments, SYMBOLIC_LINK_MESSAGE } from './path-rules'
import {
  defaultWalkMode,
  lstatEntry,
  openChildDirectory,
  openFileForRead,
  openFileForWrite,
  walkDirectories,
  type OpenDirectory,
  type WalkMode,
} from './safe-directory'

export interface FileSystemAgentFileStoreOptions {
  /** How paths are walked: through directory descriptors (Linux, default there) or plain paths. */
  walkMode?: WalkMode
}

export class FileSystemAgentFileStore implements AgentFileStore {
  /** The root, with its own symlinks resolved (the root itself is trusted; what lies below is not). */
  readonly rootPath: string
  private readonly walkMode: WalkMode

  constructor(rootDirectory: string, options: FileSystemAgentFileStoreOptions = {}) {
    if (typeof rootDirectory !== 'string' || rootDirectory.trim() === '') {
      throw new FileAccessPathError('The root directory must not be empty or whitespace-only.')
    }
    mkdirSync(rootDirectory, { recursive: true })
    this.rootPath = realpathSync(rootDirectory)
    this.walkMode = options.walkMode ?? defaultWalkMode()
  }

  async write(path: string, content: string, { overwrite = true }: WriteOptions = {}): Promise<void> {
    const { parents, name } = this.resolveFile(path)
    const directory = (await walkDirectories(this.rootPath, this.walkMode, parents, { create: true })) as OpenDirectory
    try {
      const handle = await openFileForWrite(directory, name, { exclusive: !overwrite })
      try {
        await handle.truncate(0)
        await handle.writeFile(String(content), 'utf8')
      } finally {
        await handle.close()
      }
    } finally {
      await directory.close()
    }
  }

  async read(path: string): Promise<string | null> {
    const { parents, name } = this.resolveFile(path)
    return this.inDirectory(
      parents,
      async (directory) => {
        const handle = await openFileForRead(directory, name)
        if (!handle) return null
        try {
          return await handle.readFile({ encoding: 'utf8' })
        } finally {
          await handle.close()
        }
      },
      null,
    )
  }

  async delete(path: string): Promise<boolean> {
    const { parents, name } = this.resolveFile(path)
    return this.inDirectory(
      parents,
      async (directory) => {
        const entryPath = directory.childPath(name)
        const stats = await lstatEntry(entryPath)
        if (!stats) return false
        if (stats.isSymbolicLink()) throw new FileAccessPathError(SYMBOLIC_LINK_MESSAGE)
        if (!stats.isFile()) return false
        // unlink never follows the last segment: a link swapped in now is removed, not its target.
        try {
          await unlink(entryPath)
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
          throw error
        }
        return true
      },
      false,
    )
  }

  async fileExists(path: string): Promise<boolean> {
    const { parents, name } = this.resolveFile(path)
    return this.inDirectory(
      parents,
      async (directory) => {
        const stats = await lstatEntry(directory.childPath(name))
        if (stats?.isSymbolicLink()) throw new FileAccessPathError(SYMBOLIC_LINK_MESSAGE)
        return stats?.isFile() ?? false
      },
      false,
    )
  }

  async listChildren(directoryPath = ''): Promise<DirectoryEntry[]> {
    const segments = this.resolveDirectory(directoryPath)
    return this.inDirectory(segments, async (directory) => sortEntries(await listEntries(directory)), [])
  }

  async search(directoryPath: string, regexPattern: string, globPattern?: string, { recursive = true }: SearchOptions = {}): Promise<FileSearchResult[]> {
    const segments = this.resolveDirectory(directoryPath)
    const regex = compileSearchPattern(regexPattern)
    const matchesGlob = globMatcher(globPattern)
    const base = segments.join('/')
    const results: FileSearchResult[] = []
    await this.inDirectory(segments, (directory) => this.searchIn(directory, '', { base, regex, matchesGlob, recursive, results }), undefined)
    return results
  }

  async createDirectory(path: string): Promise<void> {
    const segments = this.resolveDirectory(path)
    const directory = await walkDirectories(this.rootPath, this.walkMode, segments, { create: true })
    await directory?.close()
  }

  private async searchIn(
    directory: OpenDirectory,
    relative: string,
    scan: { base: string; regex: SearchPattern; matchesGlob: (path: string) => boolean; recursive: boolean; results: FileSearchResult[] },
  ): Promise<void> {
    for (const entry of await listEntries(directory)) {
      const entryRelative = joinStorePath(relative, entry.name)
      if (entry.type === 'directory') {
        if (!scan.recursive) continue
        const child = await openChildQuietly(directory, entry.name)
        if (!child) continue
        try {
          await this.searchIn(child, entryRelative, scan)
        } finally {
          await child.close()
        }
        continue
      }
      if (!scan.matchesGlob(entryRelative)) continue
      const content = await readQuietly(directory, entry.name)
      if (content === undefined) continue
      const result = searchFileContent(joinStorePath(scan.base, entryRelative), content, scan.regex)
      if (result) scan.results.push(result)
    }
  }

  private resolveFile(path: string): { parents: string[]; name: string } {
    const segments = pathSegments(this.contained(normalizeRelativePath(path)))
    return { parents: segments.slice(0, -1), name: segments[segments.length - 1] }
  }

  private resolveDirectory(path: string): string[] {
    return pathSegments(this.contained(normalizeRelativePath(path ?? '', { isDirectory: true })))
  }

  /** The lexical containment check; the no-follow walk is what keeps links from escaping. */
  private contained(normalized: string): string {
    const resolved = resolve(this.rootPath, normalized)
    if (resolved !== this.rootPath && !resolved.startsWith(this.rootPath.endsWith(sep) ? this.rootPath : this.rootPath + sep)) {
      throw new FileAccessPathError(`Invalid path: ${JSON.stringify(normalized)}. The resolved path escapes the root directory.`)
    }
    return normalized
  }

  private async inDirectory<T>(segments: readonly string[], use: (directory: OpenDirectory) => Promise<T>, whenMissing: T): Promise<T> {
    const directory = await walkDirectories(this.rootPath, this.walkMode, segments, { create: false })
    if (!directory) return whenMissing
    try {
      return await use(directory)
    } finally {
      await directory.close()
    }
  }
}

/** Files and directories of one directory; links, sockets and devices are left out. */
async function listEntries(directory: OpenDirectory): Promise<DirectoryEntry[]> {
  const entries: DirectoryEntry[] = []
  let dirents: Dirent[]
  try {
    dirents = await readdir(directory.listingPath, { withFileTypes: true })
  } catch (error) {
    // Removed by someone else after we opened it: it has no entries any more.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  for (const dirent of dirents) {
    if (dirent.isDirectory()) entries.push({ name: dirent.name, type: 'directory' })
    else if (dirent.isFile()) entries.push({ name: dirent.name, type: 'file' })
  }
  return entries
}

/** During a search, an entry that turned into a link or vanished is skipped, not fatal. */
async function openChildQuietly(directory: OpenDirectory, name: string): Promise<OpenDirectory | undefined> {
  try {
    return await openChildDirectory(directory, name, { create: false })
  } catch (error) {
    if (error instanceof FileAccessPathError) return undefined
    throw error
  }
}

async function readQuietly(directory: OpenDirectory, name: string): Promise<string | undefined> {
  try {
    const handle = await openFileForRead(directory, name)
    if (!handle) return undefined
    try {
      return await handle.readFile({ encoding: 'utf8' })
    } finally {
      await handle.close()
    }
  } catch (error) {
    if (error instanceof FileAccessPathError) return undefined
    throw error
  }
}
