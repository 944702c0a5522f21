/**
 * AgentFileStore: the storage behind the file-access harness. Every path is relative to a store
 * root, uses forward slashes and must stay under the root (see path-rules.ts); implementations
 * enforce that on every call. Missing files are answers (`null`, `false`), not errors.
 */

export interface FileSearchMatch {
  /** 1-based. */
  lineNumber: number
  /** The line without its line ending. */
  line: string
}

export interface FileSearchResult {
  /** Relative to the store root. */
  fileName: string
  /** Up to 50 characters either side of the first match. */
  snippet: string
  matchingLines: FileSearchMatch[]
}

export interface DirectoryEntry {
  name: string
  type: 'file' | 'directory'
}

export interface WriteOptions {
  /** Replace an existing file (default true); with false an existing file raises FileAccessOperationError. */
  overwrite?: boolean
}

export interface SearchOptions {
  /** Search subdirectories too (default true). */
  recursive?: boolean
}

export interface AgentFileStore {
  /** Creates or replaces the file, creating missing parent directories. */
  write(path: string, content: string, options?: WriteOptions): Promise<void>
  /** The file's text, or null when there is no such file. */
  read(path: string): Promise<string | null>
  /** True when a file was deleted, false when there was none. */
  delete(path: string): Promise<boolean>
  /** Direct children of a directory ('' is the root): directories first, then files, each sorted by name. */
  listChildren(directory?: string): Promise<DirectoryEntry[]>
  fileExists(path: string): Promise<boolean>
  /**
   * Files under `directory` whose content matches `regexPattern` (case-insensitive), optionally only
   * those whose path relative to `directory` matches `globPattern` (case-insensitive).
   */
  search(directory: string, regexPattern: string, globPattern?: string, options?: SearchOptions): Promise<FileSearchResult[]>
  /** Ensures the directory exists (with its parents). */
  createDirectory(path: string): Promise<void>
}

/** Directories first, then files; each group by name. */
export function sortEntries(entries: DirectoryEntry[]): DirectoryEntry[] {
  const byName = (a: DirectoryEntry, b: DirectoryEntry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  return [...entries.filter((e) => e.type === 'directory').sort(byName), ...entries.filter((e) => e.type === 'file').sort(byName)]
}
