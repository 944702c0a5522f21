/**
 * Where agents may be given files: the roots an admin allows in AGENTLOOM_FILE_ROOTS (a list
 * separated like PATH: `:` here, `;` on Windows). Without it the feature is off. An agent gets one
 * folder under one root, through lib/core's FileAccessProvider and FileSystemAgentFileStore, whose
 * containment rules (no `..`, no absolute paths, no symbolic or hard links) apply unchanged.
 */
import { delimiter, isAbsolute, join, resolve } from 'node:path'
import { FileAccessPathError, FileAccessProvider, FileSystemAgentFileStore, normalizeRelativePath, UserError } from '@/lib/core'
import type { FileRootListing } from '@/lib/contracts/agents'
import type { FileAccessSettings } from '@/lib/graph'
import { invalidInput } from '../domain-errors'

/** Where settings are read from (the process's environment, or a test's). */
type Env = Readonly<Record<string, string | undefined>>

/** The allowed roots, absolute and each once, in the order the admin listed them. Relative entries are ignored. */
export function fileRootsFromEnv(env: Env = process.env): string[] {
  const roots = (env.AGENTLOOM_FILE_ROOTS ?? '')
    .split(delimiter)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && isAbsolute(entry))
    .map((entry) => resolve(entry))
  return [...new Set(roots)]
}

export class FileAccessRefusedError extends UserError {
  override readonly code = 'file_access_refused'
}

/**
 * The folder `folder` under `root`, checked: the root is one the admin allows now, the folder
 * path follows the store's rules, and no segment of it is a link. Missing folders are created
 * (segment by segment, never through a link). Answers the store rooted at the folder.
 */
export async function openAgentFolder(root: string, folder: string, env: Env = process.env): Promise<FileSystemAgentFileStore> {
  const roots = fileRootsFromEnv(env)
  if (roots.length === 0) throw new FileAccessRefusedError('File access is off on this server (AGENTLOOM_FILE_ROOTS is not set).')
  if (!roots.includes(root)) throw new FileAccessRefusedError(`The folder root ${JSON.stringify(root)} is not one the server allows.`)
  const relative = normalizeRelativePath(folder, { isDirectory: true })
  const rootStore = new FileSystemAgentFileStore(root)
  if (relative === '') return rootStore
  await rootStore.createDirectory(relative)
  const store = new FileSystemAgentFileStore(join(rootStore.rootPath, ...relative.split('/')))
  // The walk above refused links; this catches one swapped in since.
  if (store.rootPath !== join(rootStore.rootPath, ...relative.split('/'))) {
    throw new FileAccessPathError('Invalid path: the resolved path contains a symbolic link or reparse point.')
  }
  return store
}

/** The agent's folder as a FileAccessProvider: reads need no approval; writes and deletes as the settings say (ask, by default). */
export async function fileAccessProviderFor(settings: FileAccessSettings, env: Env = process.env): Promise<FileAccessProvider> {
  const store = await openAgentFolder(settings.root, settings.folder, env)
  return new FileAccessProvider(store, {
    disableReadOnlyToolApproval: true,
    disableWriteTools: settings.writes === 'read_only',
    disableWriteToolApproval: settings.writes === 'no_approval',
  })
}

/** For the folder picker: the allowed roots and, under one of them, a folder's subfolders. Bad paths are 400s. */
export async function listFileRoots(query: { root?: string; folder?: string }, env: Env = process.env): Promise<FileRootListing> {
  const roots = fileRootsFromEnv(env)
  if (query.root === undefined) return { roots, folders: [] }
  if (!roots.includes(query.root)) throw invalidInput('invalid_file_root', 'That folder root is not one the server allows.', { roots })
  let relative: string
  try {
    relative = normalizeRelativePath(query.folder ?? '', { isDirectory: true })
  } catch (error) {
    throw invalidInput('invalid_path', (error as Error).message)
  }
  try {
    const entries = await new FileSystemAgentFileStore(query.root).listChildren(relative)
    return { roots, folders: entries.filter((entry) => entry.type === 'directory').map((entry) => (relative ? `${relative}/${entry.name}` : entry.name)) }
  } catch (error) {
    if (error instanceof FileAccessPathError) throw invalidInput('invalid_path', error.message)
    throw error
  }
}
