/**
 * InMemoryAgentFileStore: a Map-backed AgentFileStore for tests and lightweight use. Directories
 * exist implicitly as prefixes of file paths, or explicitly through createDirectory. Names are
 * case-sensitive, as on the Linux file system the disk store runs on.
 */
import { FileAccessOperationError, FileAlreadyExistsError } from '../errors'
import { sortEntries, type AgentFileStore, type DirectoryEntry, type FileSearchResult, type SearchOptions, type WriteOptions } from './agent-file-store'
import { compileSearchPattern, globMatcher, searchFileContent } from './file-search'
import { normalizeRelativePath, pathSegments } from './path-rules'

export class InMemoryAgentFileStore implements AgentFileStore {
  private readonly files = new Map<string, string>()
  private readonly directories = new Set<string>()

  async write(path: string, content: string, { overwrite = true }: WriteOptions = {}): Promise<void> {
    const key = normalizeRelativePath(path)
    if (this.isDirectory(key)) throw new FileAccessOperationError(`Cannot write '${key}': it is a directory.`)
    const segments = pathSegments(key)
    for (let depth = 1; depth < segments.length; depth++) {
      const parent = segments.slice(0, depth).join('/')
      if (this.files.has(parent)) throw new FileAccessOperationError(`Cannot write '${key}': '${parent}' is a file.`)
    }
    if (!overwrite && this.files.has(key)) throw new FileAlreadyExistsError(`File '${key}' already exists.`)
    this.files.set(key, String(content))
  }

  async read(path: string): Promise<string | null> {
    return this.files.get(normalizeRelativePath(path)) ?? null
  }

  async delete(path: string): Promise<boolean> {
    return this.files.delete(normalizeRelativePath(path))
  }

  async fileExists(path: string): Promise<boolean> {
    return this.files.has(normalizeRelativePath(path))
  }

  async listChildren(directory = ''): Promise<DirectoryEntry[]> {
    const prefix = directoryPrefix(normalizeRelativePath(directory, { isDirectory: true }))
    const entries = new Map<string, DirectoryEntry['type']>()
    for (const key of this.files.keys()) {
      if (!key.startsWith(prefix)) continue
      const rest = key.slice(prefix.length)
      const slash = rest.indexOf('/')
      if (slash === -1) entries.set(rest, 'file')
      else entries.set(rest.slice(0, slash), 'directory')
    }
    for (const key of this.directories) {
      if (!key.startsWith(prefix)) continue
      const rest = key.slice(prefix.length)
      if (rest !== '') entries.set(rest.split('/')[0], 'directory')
    }
    return sortEntries([...entries].map(([name, type]) => ({ name, type })))
  }

  async search(directory: string, regexPattern: string, globPattern?: string, { recursive = true }: SearchOptions = {}): Promise<FileSearchResult[]> {
    const prefix = directoryPrefix(normalizeRelativePath(directory, { isDirectory: true }))
    const regex = compileSearchPattern(regexPattern)
    const matchesGlob = globMatcher(globPattern)
    const results: FileSearchResult[] = []
    for (const key of [...this.files.keys()].sort()) {
      if (!key.startsWith(prefix)) continue
      const relative = key.slice(prefix.length)
      if (!recursive && relative.includes('/')) continue
      if (!matchesGlob(relative)) continue
      const result = searchFileContent(key, this.files.get(key) as string, regex)
      if (result) results.push(result)
    }
    return results
  }

  async createDirectory(path: string): Promise<void> {
    const key = normalizeRelativePath(path, { isDirectory: true })
    if (key === '') return
    if (this.files.has(key)) throw new FileAccessOperationError(`Cannot create directory '${key}': it is a file.`)
    this.directories.add(key)
  }

  private isDirectory(key: string): boolean {
    if (this.directories.has(key)) return true
    const prefix = `${key}/`
    for (const other of this.files.keys()) if (other.startsWith(prefix)) return true
    for (const other of this.directories) if (other.startsWith(prefix)) return true
    return false
  }
}

function directoryPrefix(normalized: string): string {
  return normalized === '' ? '' : `${normalized}/`
}
