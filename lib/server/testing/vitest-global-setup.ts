/**
 * Vitest's global setup: the database server the integration tests make their databases on, and
 * the run's template databases on it (test-database-run.ts). With DATABASE_URL set (CI) that is
 * the server it names. Without it, ONE embedded PostgreSQL server is started for the whole run,
 * in a temporary data folder, and its address is handed to the test processes
 * (`inject('testDatabaseServer')`, read by test-database.ts); each test file still gets a fresh
 * database of its own on it. Starting a server per test file would cost a start and a stop per
 * file and one postmaster per fork.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { embeddedPostmasterPid, leaseEmbeddedPostgres } from '../db/embedded-postgres'
import { isPostgresProcess, isProcessAlive, sleep } from '../db/postgres-processes'
import { compileScripts, type CompiledScripts } from './compiled-scripts'
import { dropAbandonedTestDatabases, dropTestDatabaseRun, prepareTestDatabaseRun, type TestDatabaseRun } from './test-database-run'

/** Data folders are named after the vitest process that owns them, so leftovers can be told apart. */
const FOLDER_PREFIX = 'agentloom-vitest-'
const ORPHAN_STOP_TIMEOUT_MS = 10_000

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser connection string to the server test databases are made on; '' with DATABASE_URL. */
    testDatabaseServer: string
    /** The run's templates and the prefix of its database names. */
    testDatabaseRun: TestDatabaseRun
    /** The command-line entry points compiled for this run (compiled-scripts.ts). */
    compiledScripts: CompiledScripts
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const compiled = await compileScripts(project.config.root, String(process.pid))
  project.provide('compiledScripts', compiled.scripts)
  const databases = await setUpDatabases(project).catch(async (error: unknown) => {
    await compiled.remove()
    throw error
  })
  return async () => {
    await databases()
    await compiled.remove()
  }
}

async function setUpDatabases(project: TestProject): Promise<() => Promise<void>> {
  const sharedServer = process.env.DATABASE_URL
  if (sharedServer) {
    await dropAbandonedTestDatabases(sharedServer)
    const run = await prepareTestDatabaseRun(sharedServer)
    project.provide('testDatabaseServer', '')
    project.provide('testDatabaseRun', run)
    return () => dropTestDatabaseRun(sharedServer, run.prefix)
  }
  await removeAbandonedServers()
  const dataDir = await mkdtemp(join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`))
  const lease = await leaseEmbeddedPostgres(dataDir).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true })
    throw error
  })
  async function teardown() {
    // stop(), not lease.release(): the backend of a fork that just ended may still show as
    // connected, and release() would then hand the server over to nobody, leaving it running.
    // The run is over; whatever is still connected is a leftover. Its databases go with the folder.
    await lease.server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
  const embeddedServer = serverUrl(lease.server.connection('postgres'))
  const run = await prepareTestDatabaseRun(embeddedServer).catch(async (error: unknown) => {
    await teardown()
    throw error
  })
  project.provide('testDatabaseServer', embeddedServer)
  project.provide('testDatabaseRun', run)
  return teardown
}

/**
 * A run that was interrupted (Ctrl-C stops its server at exit but skips the teardown) leaves its
 * data folder behind; one whose vitest was killed outright leaves its server running too. Their
 * owner is gone, so nobody else uses them.
 */
async function removeAbandonedServers(): Promise<void> {
  const entries = await readdir(tmpdir()).catch(() => [])
  for (const entry of entries) {
    const owner = new RegExp(`^${FOLDER_PREFIX}(\\d+)-`).exec(entry)?.[1]
    if (!owner || isProcessAlive(Number(owner))) continue
    const dataDir = join(tmpdir(), entry)
    if (await stopOrphanedServer(dataDir)) await rm(dataDir, { recursive: true, force: true })
  }
}

/** Stops the server still running in `dataDir`, if any; false when it would not stop. */
async function stopOrphanedServer(dataDir: string): Promise<boolean> {
  const postmaster = embeddedPostmasterPid(dataDir)
  if (postmaster === undefined || !isPostgresProcess(postmaster)) return true
  process.kill(postmaster, 'SIGINT')
  const deadline = Date.now() + ORPHAN_STOP_TIMEOUT_MS
  while (isProcessAlive(postmaster)) {
    if (Date.now() > deadline) return false
    await sleep(50)
  }
  return true
}

function serverUrl(connection: { host: string; port: number; user: string; password: string; database: string }): string {
  const url = new URL(`postgresql://${connection.host}:${connection.port}/${connection.database}`)
  url.username = connection.user
  url.password = connection.password
  return url.toString()
}
