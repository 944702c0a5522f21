/**
 * The app started as users start it, for the run-throughput benchmark: the production build
 * (`next build`, reused when newer than the sources), `next start` on a free port, and optionally
 * `scripts/worker.ts` processes (what `npm run worker` runs) beside a web process started with
 * AGENTLOOM_WORKER=off. The database is either a fresh database on a Postgres server (dropped at
 * the end) or the embedded default in a fresh data folder (removed at the end).
 *
 * Every process writes its output to a log file in the run's folder, which is kept: an error the
 * app printed under load is a finding, and the log is where to read it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { buildState } from '../../../scripts/build-state.mjs'
import { WEB_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs'

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const NEXT_BIN = join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next')
const WORKER_SCRIPT = join(ROOT, 'scripts', 'worker.ts')

/** Builds unless an up-to-date build exists; `--no-build` uses whatever build is there. */
export function ensureBuild(options: { noBuild: boolean; log: (line: string) => void }): string {
  const state = buildState(ROOT)
  if (state === 'fresh') return 'reused the up-to-date .next build'
  if (options.noBuild) {
    if (state === 'missing') throw new Error('There is no .next build: run without --no-build (or `npx next build`) first.')
    return 'used the existing .next build although some sources are newer (--no-build)'
  }
  options.log(`building the app (${state === 'missing' ? 'no build yet' : 'sources changed'}) …`)
  const build = spawnSync(process.execPath, [NEXT_BIN, 'build'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  })
  if (build.status !== 0)
    throw new Error(`next build failed (exit ${build.status}):\n${`${build.stdout}\n${build.stderr}`.trim().split('\n').slice(-30).join('\n')}`)
  return 'built the app with `next build`'
}

/** The commit the tree is at, and how many files differ from it (app processes run what is on disk). */
export function sourceState(): string {
  const git = (args: string[]) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() ?? ''
  const head = git(['rev-parse', '--short', 'HEAD']) || 'unknown'
  const changed = git(['status', '--porcelain', '--', 'app', 'lib', 'scripts', 'instrumentation.ts', 'next.config.js']).split('\n').filter(Boolean).length
  return `commit ${head}${changed ? ` with ${changed} changed file(s) under app/, lib/, scripts/` : ''}`
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

// ---------------------------------------------------------------------------------------------
// What is still up, so that an interrupted bench (Ctrl-C) stops its app processes and drops its
// databases rather than leaving them behind.

const liveProcesses = new Set<AppProcess>()
const liveDatabases = new Set<BenchDatabase>()

export function cleanUpOnSignals(log: (line: string) => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      log(`${signal}: stopping ${liveProcesses.size} app process(es), dropping ${liveDatabases.size} database(s)`)
      await Promise.all([...liveProcesses].map((p) => stopProcess(p, 5_000)))
      await Promise.all([...liveDatabases].map((d) => d.drop().catch(() => {})))
      process.exit(130)
    })
  }
}

// ---------------------------------------------------------------------------------------------
// Databases

export type DatabaseKind = 'postgres' | 'embedded'

export interface BenchDatabase {
  kind: DatabaseKind
  /** What the app's processes get: DATABASE_URL or AGENTLOOM_DATA_DIR (the other removed). */
  appEnv: Record<string, string>
  /** A connection string for the bench's own queries; for the embedded server, known once the app started it. */
  benchUrl(): string
  describe: string
  drop(): Promise<void>
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/**
 * Waits up to `limitMs` for the backends of `name` to go: a pool's end() resolves before its
 * connections' backends have exited, and DROP … WITH (FORCE) would terminate them mid-goodbye,
 * which their clients report as a failed connection.
 */
async function waitForBackendsToLeave(serverUrl: string, name: string, limitMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    for (const deadline = Date.now() + limitMs; Date.now() < deadline; await sleep(50)) {
      const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1', [name])
      if (rows[0].count === 0) return
    }
  } finally {
    await client.end()
  }
}

/** A fresh database on the server at `serverUrl`, dropped (with FORCE) by `drop()`. */
export async function freshPostgresDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `agentloom_bench_${randomBytes(4).toString('hex')}`
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database: BenchDatabase = {
    kind: 'postgres',
    appEnv: { DATABASE_URL: url.toString() },
    benchUrl: () => url.toString(),
    describe: `database ${name} on ${url.host}`,
    async drop() {
      liveDatabases.delete(database)
      await waitForBackendsToLeave(serverUrl, name, 2_000)
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    },
  }
  liveDatabases.add(database)
  return database
}

/** A fresh data folder for the embedded server; the web process starts the server, the bench reads its port and password. */
export function freshEmbeddedDatabase(): BenchDatabase {
  const folder = mkdtempSync(join(tmpdir(), 'agentloom-bench-'))
  // As root, the embedded server runs as the `postgres` user, which must reach its data folder.
  chmodSync(folder, 0o755)
  const dataDir = join(folder, 'postgres')
  const clusterDir = join(dataDir, 'cluster')
  const database: BenchDatabase = {
    kind: 'embedded',
    appEnv: { AGENTLOOM_DATA_DIR: dataDir },
    benchUrl() {
      const server = JSON.parse(readFileSync(join(clusterDir, 'agentloom-server.json'), 'utf8')) as { port: number; password: string }
      return `postgresql://agentloom:${encodeURIComponent(server.password)}@127.0.0.1:${server.port}/agentloom`
    },
    describe: `embedded server in ${dataDir}`,
    async drop() {
      liveDatabases.delete(database)
      // The web process that started the server stops it when it exits; wait for the postmaster to go.
      const postmaster = join(clusterDir, 'postmaster.pid')
      const deadline = Date.now() + 15_000
      while (existsSync(postmaster) && Date.now() < deadline) await sleep(200)
      if (existsSync(postmaster)) {
        const pid = Number(readFileSync(postmaster, 'utf8').split('\n')[0])
        console.error(`[bench] the embedded server (pid ${pid}) outlived the app by 15 s: stopping it (a finding).`)
        if (pid > 0) process.kill(pid, 'SIGINT')
        await sleep(3_000)
      }
      rmSync(folder, { recursive: true, force: true })
    },
  }
  liveDatabases.add(database)
  return database
}

// ---------------------------------------------------------------------------------------------
// Processes

export type ProcessRole = 'web' | 'worker'

export interface AppProcess {
  role: ProcessRole
  name: string
  child: ChildProcess
  pid: number
  logFile: string
  /** The inspector's WebSocket URL (heap figures, CPU profiles). */
  inspectorUrl: Promise<string>
  exited: Promise<number | null>
  /** Lines the process printed that look like errors or warnings. */
  complaints: string[]
}

export interface StartOptions {
  name: string
  env: Record<string, string | undefined>
  logDir: string
}

/** The environment every app process gets: no OpenAI key (demo model), a throwaway secret key. */
export function baseAppEnv(database: BenchDatabase, extra: Record<string, string | undefined>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', ...extra }
  for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'DATABASE_URL', 'AGENTLOOM_DATA_DIR', 'AGENTLOOM_SECRET_KEY_FILE']) delete env[name]
  return { ...env, ...database.appEnv }
}

const COMPLAINT = /error|warn|fail|crash|unhandled|exception|lost/i

function launch(role: ProcessRole, args: string[], options: StartOptions): AppProcess {
  // The inspector on loopback, for the heap after GC and windowed CPU profiles (inspector.ts).
  const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', ...args], {
    cwd: ROOT,
    env: options.env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logFile = join(options.logDir, `${options.name}.log`)
  const log = createWriteStream(logFile)
  const complaints: string[] = []
  let inspectorResolve: ((url: string) => void) | undefined
  const inspectorUrl = new Promise<string>((resolve) => (inspectorResolve = resolve))
  const watch = (stream: NodeJS.ReadableStream) => {
    let partial = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      log.write(chunk)
      const lines = (partial + chunk).split('\n')
      partial = lines.pop() ?? ''
      for (const line of lines) {
        const inspector = /Debugger listening on (ws:\/\/\S+)/.exec(line)
        if (inspector) inspectorResolve?.(inspector[1])
        else if (COMPLAINT.test(line) && !/Debugger|For help, see/.test(line) && complaints.length < 200) complaints.push(line.slice(0, 400))
      }
    })
  }
  watch(child.stdout!)
  watch(child.stderr!)
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const started: AppProcess = { role, name: options.name, child, pid: child.pid!, logFile, inspectorUrl, exited, complaints }
  liveProcesses.add(started)
  exited.then(() => {
    log.end()
    liveProcesses.delete(started)
  })
  return started
}

/** `next start` on `port`; resolves once /api/health answers. */
export async function startWeb(port: number, options: StartOptions): Promise<AppProcess> {
  // With the V8 flags `npm start` gives it (scripts/server-node-flags.mjs).
  const web = launch('web', [...WEB_NODE_FLAGS, NEXT_BIN, 'start', '-p', String(port), '-H', '127.0.0.1'], options)
  const deadline = Date.now() + 180_000
  let exitCode: number | null | undefined
  web.exited.then((code) => (exitCode = code))
  for (;;) {
    if (exitCode !== undefined) throw new Error(`${options.name} exited (code ${exitCode}) before it was ready; see ${web.logFile}`)
    if (Date.now() > deadline) throw new Error(`${options.name} was not ready after 180 s; see ${web.logFile}`)
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return web
    await sleep(250)
  }
}

/** `scripts/worker.ts` under tsx (what `npm run worker` runs); resolves once it says it waits for runs. */
export async function startWorker(options: StartOptions): Promise<AppProcess> {
  const worker = launch('worker', ['--import', 'tsx', WORKER_SCRIPT], options)
  const ready = new Promise<void>((resolve) => {
    let seen = ''
    worker.child.stdout!.on('data', (chunk: string) => {
      seen = (seen + chunk).slice(-1000)
      if (/waiting for runs/.test(seen)) resolve()
    })
  })
  const failed = worker.exited.then((code) => {
    throw new Error(`${options.name} exited (code ${code}) before it was ready; see ${worker.logFile}`)
  })
  await Promise.race([ready, failed, sleep(120_000).then(() => Promise.reject(new Error(`${options.name} was not ready after 120 s`)))])
  return worker
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves with how it ended. */
export async function stopProcess(process_: AppProcess, graceMs = 20_000): Promise<string> {
  if (process_.child.exitCode !== null || process_.child.signalCode !== null) return `had exited (${process_.child.exitCode ?? process_.child.signalCode})`
  process_.child.kill('SIGTERM')
  const code = await Promise.race([process_.exited, sleep(graceMs).then(() => 'timeout' as const)])
  if (code !== 'timeout') return `stopped (exit ${code})`
  process_.child.kill('SIGKILL')
  await process_.exited
  return `did not stop within ${graceMs / 1000} s of SIGTERM: killed`
}

/** Resident memory of a process in MB (VmRSS), and its peak (VmHWM). */
export function residentMemory(pid: number): { rssMB: number; peakMB: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
    return { rssMB: kb('VmRSS') / 1024, peakMB: kb('VmHWM') / 1024 }
  } catch {
    return undefined
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    // Fields 14 and 15 of stat (utime, stime), counted after the command name.
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return Number.NaN
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
