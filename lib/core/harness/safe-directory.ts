/**
 * Walking a store path one segment at a time without ever following a symbolic link.
 *
 * Node has no openat(), so on Linux each step goes through the directory descriptor already held:
 * `/proc/self/fd/<dirfd>/<name>` resolves `<name>` inside that very directory, whatever happened to
 * the path above it since. Every directory is opened with O_NOFOLLOW | O_DIRECTORY and every file
 * with O_NOFOLLOW, so a symlink planted anywhere — before or during the walk — makes the call fail
 * instead of escaping the root. Without /proc (not Linux) the walk uses plain paths: the same checks,
 * but a directory swapped for a symlink between two steps is not caught.
 */
import { constants, existsSync } from 'node:fs'
import { lstat, mkdir, open, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import type { Stats } from 'node:fs'
import { FileAccessOperationError, FileAccessPathError, FileAlreadyExistsError } from '../errors'
import { SYMBOLIC_LINK_MESSAGE } from './path-rules'

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0
const O_DIRECTORY = constants.O_DIRECTORY ?? 0
const O_NONBLOCK = constants.O_NONBLOCK ?? 0
const DIRECTORY_FLAGS = constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW

export const HARD_LINK_MESSAGE = 'Invalid path: the file has more than one hard link, so its content may live outside the root.'

export type WalkMode = 'descriptor' | 'path'

export function defaultWalkMode(): WalkMode {
  return process.platform === 'linux' && existsSync('/proc/self/fd') ? 'descriptor' : 'path'
}

/** An open directory inside the root; `childPath` names an entry of exactly this directory. */
export class OpenDirectory {
  constructor(
    private readonly handle: FileHandle,
    /** Where the directory was when opened (for messages; the descriptor is what counts). */
    readonly displayPath: string,
    readonly mode: WalkMode,
  ) {}

  childPath(name: string): string {
    return this.mode === 'descriptor' ? `/proc/self/fd/${this.handle.fd}/${name}` : join(this.displayPath, name)
  }

  /** A path that lists this directory. */
  get listingPath(): string {
    return this.mode === 'descriptor' ? `/proc/self/fd/${this.handle.fd}` : this.displayPath
  }

  close(): Promise<void> {
    return this.handle.close()
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code
}

/** lstat that answers undefined for a missing entry. */
export async function lstatEntry(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path)
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined
    throw error
  }
}

export async function openRoot(rootPath: string, mode: WalkMode): Promise<OpenDirectory> {
  return new OpenDirectory(await open(rootPath, DIRECTORY_FLAGS), rootPath, mode)
}

/**
 * Opens (optionally creating) a child directory. Undefined when it does not exist and `create` is
 * false, or when the entry is a file and `create` is false. Symlinks always throw.
 */
export async function openChildDirectory(parent: OpenDirectory, name: string, { create }: { create: boolean }): Promise<OpenDirectory | undefined> {
  // A directory removed by someone else between our mkdir and our open is created again, a few times.
  for (let attempt = 0; attempt < 3; attempt++) {
    const opened = await tryOpenChildDirectory(parent, name, create)
    if (opened !== 'vanished') return opened
    if (!create) return undefined
  }
  throw new FileAccessOperationError(`'${name}' kept changing while it was being opened; try again.`)
}

async function tryOpenChildDirectory(parent: OpenDirectory, name: string, create: boolean): Promise<OpenDirectory | undefined | 'vanished'> {
  const path = parent.childPath(name)
  let stats = await lstatEntry(path)
  if (!stats) {
    if (!create) return undefined
    try {
      await mkdir(path, { mode: 0o755 })
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error
    }
    stats = await lstatEntry(path)
    if (!stats) return 'vanished'
  }
  if (stats.isSymbolicLink()) throw new FileAccessPathError(SYMBOLIC_LINK_MESSAGE)
  if (!stats.isDirectory()) {
    if (!create) return undefined
    throw new FileAccessOperationError(`'${name}' is not a directory.`)
  }
  try {
    return new OpenDirectory(await open(path, DIRECTORY_FLAGS), join(parent.displayPath, name), parent.mode)
  } catch (error) {
    // Swapped for a link (or a file) after the lstat above: O_NOFOLLOW | O_DIRECTORY refused it.
    if (errorCode(error) === 'ELOOP' || errorCode(error) === 'ENOTDIR') {
      if ((await lstatEntry(path))?.isSymbolicLink()) throw new FileAccessPathError(SYMBOLIC_LINK_MESSAGE)
      if (!create) return undefined
      throw new FileAccessOperationError(`'${name}' is not a directory.`)
    }
    if (errorCode(error) === 'ENOENT') return 'vanished'
    throw error
  }
}

/** Walks from the root through `segments`; the caller closes the result. Undefined when a directory is missing. */
export async function walkDirectories(
  rootPath: string,
  mode: WalkMode,
  segments: readonly string[],
  { create }: { create: boolean },
): Promise<OpenDirectory | undefined> {
  let current = await openRoot(rootPath, mode)
  for (const segment of segments) {
    let next: OpenDirectory | undefined
    try {
      next = await openChildDirectory(current, segment, { create })
    } finally {
      await current.close()
    }
    if (!next) return undefined
    current = next
  }
  return current
}

/** Opens an existing regular file for reading; undefined when missing or not a regular file. */
export async function openFileForRead(directory: OpenDirectory, name: string): Promise<FileHandle | undefined> {
  const path = directory.childPath(name)
  const stats = await lstatEntry(path)
  if (!stats) return undefined
  if (stats.isSymbolicLink()) throw new FileAccessPathError(SYMBOLIC_LINK_MESSAGE)
  if (!stats.isFile()) return undefined
  let handle: FileHandle
  try {
    // O_NONBLOCK: a FIFO swapped in after the lstat must not hang the open.
    handle = await open(path, constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
  } catch (error) {
    if (errorCode(error) === 'ELOOP') throw new FileAccessPathError(SYMBOLIC_LINK_MESSAGE)
    if (errorCode(error) === 'ENOENT') return undefined
    throw error
  }
  return checkedRegularFile(handle, { missingIsUndefined: true })
}

/** Opens a file for writing (created when missing; with `exclusive`, an existing file is an error). */
export async function openFileForWrite(directory: OpenDirectory, name: string, { exclusive }: { exclusive: boolean }): Promise<FileHandle> {
  const path = directory.childPath(name)
  const stats = await lstatEntry(path)
  if (stats?.isSymbolicLink()) throw new FileAccessPathError(SYMBOLIC_LINK_MESSAGE)
  if (stats?.isDirectory()) throw new FileAccessOperationError(`Cannot write '${name}': it is a directory.`)
  const flags = constants.O_WRONLY | constants.O_CREAT | O_NOFOLLOW | O_NONBLOCK | (exclusive ? constants.O_EXCL : 0)
  let handle: FileHandle
  try {
    handle = await open(path, flags, 0o644)
  } catch (error) {
    if (errorCode(error) === 'ELOOP') throw new FileAccessPathError(SYMBOLIC_LINK_MESSAGE)
    if (errorCode(error) === 'EEXIST') throw new FileAlreadyExistsError(`File '${name}' already exists.`)
    if (errorCode(error) === 'EISDIR') throw new FileAccessOperationError(`Cannot write '${name}': it is a directory.`)
    if (errorCode(error) === 'ENOENT') throw new FileAccessOperationError(`The directory of '${name}' was removed while writing; try again.`)
    throw error
  }
  return (await checkedRegularFile(handle, { missingIsUndefined: false })) as FileHandle
}

async function checkedRegularFile(handle: FileHandle, { missingIsUndefined }: { missingIsUndefined: boolean }): Promise<FileHandle | undefined> {
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) {
      if (missingIsUndefined) {
        await handle.close()
        return undefined
      }
      throw new FileAccessOperationError('Invalid path: the target is not a regular file.')
    }
    if (stats.nlink > 1) throw new FileAccessPathError(HARD_LINK_MESSAGE)
    return handle
  } catch (error) {
    await handle.close().catch(() => undefined)
    throw error
  }
}
