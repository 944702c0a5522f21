export type { AgentFileStore, DirectoryEntry, FileSearchMatch, FileSearchResult, SearchOptions, WriteOptions } from './agent-file-store'
export { InMemoryAgentFileStore } from './in-memory-file-store'
export { FileSystemAgentFileStore } from './file-system-file-store'
export type { FileSystemAgentFileStoreOptions } from './file-system-file-store'
export { normalizeRelativePath, SYMBOLIC_LINK_MESSAGE } from './path-rules'
export { HARD_LINK_MESSAGE } from './safe-directory'
export type { WalkMode } from './safe-directory'
export { compileGlob, globMatcher, searchFileContent, type GlobPattern } from './file-search'
export { replaceLines, replaceText } from './text-edits'
export type { LineEdit } from './text-edits'
export {
  DEFAULT_FILE_ACCESS_INSTRUCTIONS,
  DEFAULT_FILE_ACCESS_SOURCE_ID,
  FILE_ACCESS_READ_ONLY_TOOL_NAMES,
  FILE_ACCESS_WRITE_TOOL_NAMES,
  FileAccessProvider,
} from './file-access-provider'
export type { FileAccessProviderOptions } from './file-access-provider'
export { FileAccessOperationError, FileAccessPathError, FileAlreadyExistsError } from '../errors'
