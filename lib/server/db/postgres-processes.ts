/**
 * The operating-system side of the embedded PostgreSQL server: where its binaries are, which user
 * runs them (PostgreSQL refuses to run as root), and whether a process recorded in a file is
 * still alive. No shell is involved anywhere: binaries are spawned with argument arrays.
 */
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { chmod, chown, stat } from 'node:fs/promises'
import { createServer } from 'node:net'
import { userInfo } from 'node:os'
import { dirname, sep } from 'node:path'

/** The user PostgreSQL's processes run as: this process's own, or — when running as root — `postgres`. */
export interface ServerUser {
  uid: number
  gid: number
}

/** undefined: run as this process's user. */
export function serverUserFor(osUser: string = 'postgres'): ServerUser | undefined {
  if (userInfo().uid !== 0) return undefined
  try {
    const uid = Number(execFileSync('id', ['-u', osUser], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())
    const gid = Number(execFileSync('id', ['-g', osUser], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())
    if (Number.isInteger(uid) && Number.isInteger(gid)) return { uid, gid }
  } catch {
    // Reported below.
  }
  throw new Error(
    `PostgreSQL does not run as root, and there is no '${osUser}' user to run the embedded server as. ` +
      `Create one (e.g. 'useradd --system ${osUser}'), run Agentloom as another user, or set DATABASE_URL.`,
  )
}

/** Gives a file or folder to the server's user (only when running as root). */
export async function handOver(path: string, user: ServerUser | undefined): Promise<void> {
  if (user) await chown(path, user.uid, user.gid)
}

/**
 * As root, the server's user must be able to pass through every folder above `dir`. Folders
 * inside the app's own folder (like .data, made 0700 for the master key) get the traverse-only
 * bit for others, which shows nothing of their contents; any other closed folder is reported.
 */
export async function ensureReachable(dir: string, user: ServerUser | undefined, appFolder: string = process.cwd()): Promise<void> {
  if (!user) return
  const above: string[] = []
  for (let folder = dirname(dir); above.at(-1) !== folder; folder = dirname(folder)) above.push(folder)
  for (const folder of above.reverse()) {
    const info = await stat(folder)
    if (canTraverse(info, user)) continue
    if (folder.startsWith(appFolder + sep)) {
      await chmod(folder, (info.mode & 0o7777) | 0o001)
      continue
    }
    throw new Error(
      `The embedded PostgreSQL runs as the 'postgres' user, which cannot reach ${dir}: ${folder} is closed to it. ` +
        `Open it for passing through (chmod o+x ${folder}), choose another AGENTLOOM_DATA_DIR, or set DATABASE_URL.`,
    )
  }
}

/** The first folder above `path` (from the root down) that `user` may not pass through, if any. */
export function closedFolderAbove(path: string, user: ServerUser): string | undefined {
  const above: string[] = []
  for (let folder = dirname(path); above.at(-1) !== folder; folder = dirname(folder)) above.push(folder)
  return above.reverse().find((folder) => {
    const info = statSync(folder, { throwIfNoEntry: false })
    return info !== undefined && !canTraverse(info, user)
  })
}

function canTraverse(info: { uid: number; gid: number; mode: number }, user: ServerUser): boolean {
  if (info.uid === user.uid) return (info.mode & 0o100) !== 0
  if (info.gid === user.gid) return (info.mode & 0o010) !== 0
  return (info.mode & 0o001) !== 0
}

/** Runs a binary to completion; rejects with its output when it fails. */
export function runToCompletion(command: string, args: string[], user: ServerUser | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit code ${code}): ${output.trim()}`))))
  })
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, it just is not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The pid on a file's first line, or undefined when there is no such file or number. */
export function readPidFile(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').split('\n')[0] ?? '', 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether `pid` is a PostgreSQL server process. After a crash the pid recorded in
 * postmaster.pid may belong to an unrelated process by now; PostgreSQL would then refuse to
 * start. Where /proc is unavailable the answer is "alive means postgres", as PostgreSQL assumes.
 */
export function isPostgresProcess(pid: number): boolean {
  if (!isProcessAlive(pid)) return false
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]!.endsWith('postgres')
  } catch {
    return process.platform !== 'linux'
  }
}

/** A port nobody listens on at the moment, on 127.0.0.1. */
export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('No free port'))))
    })
  })
}

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms))
}
