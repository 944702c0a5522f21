/**
 * Run throughput (issue #12): the app started as users start it — `next start` with its in-process
 * worker, or with AGENTLOOM_WORKER=off beside one or two `scripts/worker.ts` processes — on a fresh
 * database on a Postgres server and on the embedded default. It fires runs of a five-node demo
 * workflow through the API at bounded concurrency, follows a sample of them over SSE, and reports:
 * completed runs per second, create latency, queue wait, event delivery latency, lost and
 * duplicated events, checkpoint cost per superstep, transactions and rows per run, CPU per run,
 * and the memory of web and worker processes with many runs parked on a person's answer.
 *
 *   npx tsx bench/run-throughput.ts [--runs 1000] [--inflight 50 | --rate R] [--follow 100] [--parked 10000]
 *       [--db postgres,embedded] [--setups web,split1,split2] [--worker-concurrency n]
 *       [--statements] [--cpu-prof] [--no-build] [--quick] [--json] [--strict] [--keep-db] [--no-floor]
 *
 * --setups: web = one web process running its in-process worker; splitN = a web process with
 *   AGENTLOOM_WORKER=off and N worker processes. --worker-concurrency sets
 *   AGENTLOOM_WORKER_CONCURRENCY (runs per worker process; the app's default when absent).
 * --rate: creates at R runs per second, open loop (whether or not earlier creates answered), instead of --inflight at
 *   once: the latency goals of issue #29 are read at half the throughput measured with --inflight.
 * --follow: how many of the runs (evenly spread) an SSE client follows from their first event.
 * --statements: the app's processes reach Postgres through a counting proxy (Postgres only), which
 *   gives statements per run by text and their times, the app's own checkpoint upserts included.
 * --cpu-prof: samples the web and worker processes' CPU during the measured window and prints the
 *   functions with most self time; the .cpuprofile files are kept beside the logs.
 * --keep-db: leave each Postgres database in place (named in the output) to look into what happened.
 * --no-floor: skip the storage floor, which is otherwise measured after each database's setups on a
 *   fresh database of the same kind (bench/lib/runs/storage-floor.ts; alone: bench/run-storage-floor.ts)
 *   and compared with the app's completed runs per second in the goals summary.
 * --quick: 200 runs, 500 parked, one setup per database unless --setups says otherwise.
 * DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres) is the server on which a fresh
 * database is made for each Postgres setup and dropped at the end.
 *
 * The app's processes run with the inspector open on loopback (a random port): the bench reads
 * their JS heap after a forced GC through it, and --cpu-prof profiles through it. Ctrl-C stops the
 * processes and drops the databases. BENCHMARKS.md ("Run throughput") says what each figure means.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readable } from './lib/cli'
import { machineInfo, printMachine } from './lib/report'
import { ApiClient, type FollowedRun } from './lib/runs/api-client'
import {
  baseAppEnv,
  cleanUpOnSignals,
  cpuSeconds,
  ensureBuild,
  freePort,
  freshEmbeddedDatabase,
  freshPostgresDatabase,
  residentMemory,
  sleep,
  sourceState,
  startWeb,
  startWorker,
  stopProcess,
  type AppProcess,
  type BenchDatabase,
  type DatabaseKind,
} from './lib/runs/app-processes'
import { CheckpointProbe } from './lib/runs/checkpoint-probe'
import { heapAfterGc, saveProfile, startCpuProfile, summariseProfile, type CpuProfile, type ProfileSummary } from './lib/runs/inspector'
import { BenchDb, counterDelta, type Counters, type LogIntegrity, type RunTimings, type SlowRun } from './lib/runs/db-figures'
import { fireRuns, percentiles, waitForRuns } from './lib/runs/load'
import { busyPercent, machineTicks } from './lib/runs/machine-load'
import { startStatementProxy, type StatementProxy, type StatementSnapshot } from './lib/runs/statement-proxy'
import { DEFAULT_FLOOR_OPTIONS, measureStorageFloor, type StorageFloorResult } from './lib/runs/storage-floor'
import { floorComparisonRows, printStorageFloor, shapeMismatches, type FloorComparison } from './lib/runs/storage-floor-report'
import { fiveNodeDemoWorkflow, parkingWorkflow } from './lib/runs/workflows'

// ---------------------------------------------------------------------------------------------
// Flags

const SETUPS = { web: 0, split1: 1, split2: 2 } as const
type SetupName = keyof typeof SETUPS

/** --rate's runs a second, a number above 0 (undefined without the flag). */
function rateFlag(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  const rate = Number(raw)
  if (!(rate > 0)) throw new Error(`--rate: give runs a second, a number above 0 (not ${raw}).`)
  return rate
}

interface Flags {
  runs: number
  inflight: number
  /** Creates a second, open loop (--rate), instead of `inflight` at once. */
  rate: number | undefined
  follow: number
  parked: number
  warmup: number
  databases: DatabaseKind[]
  setups: SetupName[]
  workerConcurrency?: number
  statements: boolean
  cpuProf: boolean
  noBuild: boolean
  json: boolean
  strict: boolean
  /** Leave the Postgres database in place for inspection (its name is printed). */
  keepDb: boolean
  noFloor: boolean
  serverUrl: string
}

function parseFlags(argv: string[]): Flags {
  const value = (flag: string) => {
    const index = argv.indexOf(flag)
    return index >= 0 ? argv[index + 1] : undefined
  }
  const count = (flag: string, fallback: number) => {
    const raw = value(flag)
    if (raw === undefined) return fallback
    const parsed = Number(raw)
    if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${flag} needs a whole number ≥ 0, got ${JSON.stringify(raw)}.`)
    return parsed
  }
  const list = <T extends string>(flag: string, allowed: readonly T[], fallback: T[]): T[] => {
    const raw = value(flag)
    if (raw === undefined) return fallback
    const items = raw.split(',').map((item) => item.trim()) as T[]
    for (const item of items) if (!allowed.includes(item)) throw new Error(`${flag}: ${item} is not one of ${allowed.join(', ')}.`)
    return items
  }
  const quick = argv.includes('--quick')
  const runs = count('--runs', quick ? 200 : 1000)
  const concurrency = value('--worker-concurrency')
  return {
    runs,
    inflight: Math.max(1, count('--inflight', 50)),
    rate: rateFlag(value('--rate')),
    follow: Math.min(runs, count('--follow', 100)),
    parked: count('--parked', quick ? 500 : 10_000),
    warmup: count('--warmup', quick ? 10 : 30),
    databases: list('--db', ['postgres', 'embedded'] as const, ['postgres', 'embedded']),
    setups: list('--setups', Object.keys(SETUPS) as SetupName[], quick ? ['web'] : ['web', 'split1', 'split2']),
    workerConcurrency: concurrency === undefined ? undefined : count('--worker-concurrency', 4),
    statements: argv.includes('--statements'),
    cpuProf: argv.includes('--cpu-prof'),
    noBuild: argv.includes('--no-build'),
    json: argv.includes('--json'),
    strict: argv.includes('--strict'),
    keepDb: argv.includes('--keep-db'),
    noFloor: argv.includes('--no-floor'),
    serverUrl: process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres',
  }
}

const log = (line: string) => console.error(`[bench] ${line}`)

// ---------------------------------------------------------------------------------------------
// One setup: start the app, measure, stop it

interface ProcessFigures {
  name: string
  role: string
  cpuMsPerRun: number
  rssAfterRunsMB?: number
  rssParkedMB?: number
  peakMB?: number
  /** JS heap in use after a full GC (inspector): after the warm-up, after the measured runs, with the runs parked. */
  heapMB: { afterWarmup: number; afterRuns: number; parked?: number }
  stopped: string
  complaints: string[]
  logFile: string
  profile?: ProfileSummary
  profileFile?: string
}

interface DeliveryFigures {
  followed: number
  streamsEnded: number
  streamErrors: string[]
  events: number
  live: { p50: number; p99: number; max: number; n: number }
  replayed: number
  lost: number
  duplicated: number
  outOfOrder: number
  /** Followed runs whose stream showed fewer events than the database holds. */
  runsShort: number
}

interface ParkedFigures {
  requested: number
  createErrors: Record<string, number>
  waiting: number
  heldByWorker: number
  pendingApprovals: number
  readyRuns: number
  reached: boolean
  secondsToPark: number
  byStatus: Record<string, number>
  /** Parked runs that did not end up waiting: their status and error. */
  notWaiting: { status: string; error: string | null; count: number }[]
}

export interface SetupResult {
  setup: string
  database: DatabaseKind
  workers: number
  workerConcurrency: string
  runs: number
  inflight: number
  /** Creates a second when the runs arrived at a steady rate (--rate). */
  rate?: number
  runsPerSecond: number
  /** From the last create's answer to the last run's end: how far execution lags behind creation. */
  drainSeconds: number
  createsPerSecond: number
  createMs: { p50: number; p99: number; max: number; n: number }
  /** Creates one at a time on the quiet app, before the measured runs. */
  soloCreateMs: { p50: number; p99: number; max: number; n: number }
  createErrors: Record<string, number>
  timings: RunTimings
  completion: { reached: boolean; waitedMs: number }
  integrity: LogIntegrity
  /** The longest runs and the longest silence in each one's event log. */
  slowest: SlowRun[]
  delivery: DeliveryFigures
  shape: { events: number; supersteps: number; checkpoints: number; checkpointBytes: number }
  checkpointMs: { underLoad: ReturnType<typeof percentiles>; quiet: ReturnType<typeof percentiles> }
  perRun: Counters
  statementSource: string
  statements?: { role: string; text: string; perRun: number; meanMs: number; p99Ms: number; errors: number }[]
  /** With --statements: the app's statements that store a checkpoint, and its event statements without one. */
  appCheckpointMs?: { carrying?: ReturnType<typeof percentiles>; without?: ReturnType<typeof percentiles> }
  parked?: ParkedFigures
  processes: ProcessFigures[]
  benchCpuMsPerRun: number
  /** CPU of the Postgres backends serving the database's connections (sampled every 250 ms). */
  postgresCpuMsPerRun: number
  machineBusyPercent: number
  notes: string[]
}

/** Database counters are flushed by idle backends within 10 s (PostgreSQL 15's PGSTAT_IDLE_INTERVAL). */
const STATS_SETTLE_MS = 11_000
const STALL_MS = 60_000

async function startApp(flags: Flags, setup: SetupName, database: BenchDatabase, logDir: string, proxy: StatementProxy | undefined) {
  const workers = SETUPS[setup]
  const port = await freePort()
  const common = {
    AGENTLOOM_ADMIN_EMAIL: 'bench@agentloom.test',
    AGENTLOOM_ADMIN_PASSWORD: `bench-${randomBytes(9).toString('hex')}`,
    AGENTLOOM_SECRET_KEY: randomBytes(32).toString('hex'),
    AGENTLOOM_WORKER_CONCURRENCY: flags.workerConcurrency === undefined ? undefined : String(flags.workerConcurrency),
  }
  const envFor = (role: 'web' | 'worker', extra: Record<string, string | undefined> = {}) => {
    const env = baseAppEnv(database, { ...common, ...extra })
    if (proxy && env.DATABASE_URL) env.DATABASE_URL = proxy.urlFor(role, env.DATABASE_URL)
    return env
  }
  const web = await startWeb(port, {
    name: `${database.kind}-${setup}-web`,
    env: envFor('web', { AGENTLOOM_WORKER: workers > 0 ? 'off' : 'on', PORT: String(port) }),
    logDir,
  })
  const started: AppProcess[] = [web]
  try {
    for (let i = 1; i <= workers; i++) started.push(await startWorker({ name: `${database.kind}-${setup}-worker${i}`, env: envFor('worker'), logDir }))
  } catch (error) {
    for (const process_ of started.reverse()) await stopProcess(process_)
    throw error
  }
  return { processes: started, baseUrl: `http://127.0.0.1:${port}`, email: common.AGENTLOOM_ADMIN_EMAIL, password: common.AGENTLOOM_ADMIN_PASSWORD }
}

function deliveryFigures(followed: FollowedRun[], stored: Map<string, number>): DeliveryFigures {
  const latencies = followed.flatMap((run) => run.liveLatenciesMs)
  let runsShort = 0
  for (const run of followed) if (new Set(run.sequences).size < (stored.get(run.runId) ?? 0)) runsShort++
  return {
    followed: followed.length,
    streamsEnded: followed.filter((run) => run.ended).length,
    streamErrors: [...new Set(followed.flatMap((run) => (run.error ? [run.error] : [])))].slice(0, 5),
    events: followed.reduce((sum, run) => sum + run.sequences.length, 0),
    live: percentiles(latencies),
    replayed: followed.reduce((sum, run) => sum + run.replayed, 0),
    lost: followed.reduce((sum, run) => sum + run.missing, 0),
    duplicated: followed.reduce((sum, run) => sum + run.duplicated, 0),
    outOfOrder: followed.reduce((sum, run) => sum + run.outOfOrder, 0),
    runsShort,
  }
}

function statementFigures(snapshot: StatementSnapshot, runs: number) {
  const rows: NonNullable<SetupResult['statements']> = []
  for (const [role, byText] of Object.entries(snapshot)) {
    for (const [text, tally] of Object.entries(byText)) {
      rows.push({
        role,
        text,
        perRun: tally.calls / runs,
        meanMs: tally.calls ? tally.totalMs / tally.calls : 0,
        p99Ms: percentiles(tally.durationsMs).p99,
        errors: tally.errors,
      })
    }
  }
  return rows.sort((a, b) => b.perRun - a.perRun)
}

/**
 * The app's own checkpoint statements, timed at the proxy: a standalone upsert (older code), or,
 * since checkpoints ride with the superstep's events, the event statement that carries one; and
 * the event statements without a checkpoint, whose difference from the latter is what carrying
 * the checkpoint adds.
 */
function appCheckpointStatements(snapshot: StatementSnapshot): { carrying?: ReturnType<typeof percentiles>; without?: ReturnType<typeof percentiles> } {
  const durations = (match: (text: string) => boolean) =>
    Object.values(snapshot).flatMap((byText) =>
      Object.entries(byText)
        .filter(([text]) => match(text))
        .flatMap(([, tally]) => tally.durationsMs),
    )
  const checkpoint = (text: string) => /INSERT INTO "(public"\.")?Checkpoint"/i.test(text)
  const carrying = durations(checkpoint)
  const without = durations((text) => !checkpoint(text) && /INSERT INTO "RunEvent"/.test(text))
  return { carrying: carrying.length ? percentiles(carrying) : undefined, without: without.length ? percentiles(without) : undefined }
}

async function measureSetup(flags: Flags, kind: DatabaseKind, setup: SetupName, logDir: string): Promise<SetupResult> {
  const notes: string[] = []
  const database = kind === 'postgres' ? await freshPostgresDatabase(flags.serverUrl) : freshEmbeddedDatabase()
  log(`${kind}/${setup}: ${database.describe}`)
  if (flags.statements && kind !== 'postgres')
    notes.push('--statements needs DATABASE_URL: the embedded server is not proxied; transactions per run come from pg_stat_database.')
  let proxy: StatementProxy | undefined
  let app: Awaited<ReturnType<typeof startApp>> | undefined
  let db: BenchDb | undefined
  let probe: CheckpointProbe | undefined
  let result: SetupResult | undefined
  try {
    if (flags.statements && kind === 'postgres') proxy = await startStatementProxy(database.benchUrl(), ['web', 'worker'])
    app = await startApp(flags, setup, database, logDir, proxy)
    const processes = app.processes
    db = new BenchDb(database.benchUrl())
    probe = new CheckpointProbe(database.benchUrl())
    const api = new ApiClient(app.baseUrl)
    await api.signInWithToken(app.email, app.password)
    const demoId = await api.createWorkflow('bench: five-node demo', fiveNodeDemoWorkflow())
    const warmupId = await api.createWorkflow('bench: warm-up', fiveNodeDemoWorkflow())
    const parkingId = await api.createWorkflow('bench: parked on a question', parkingWorkflow())

    log(`${kind}/${setup}: warm-up (${flags.warmup} runs)`)
    const warm = await fireRuns(api, {
      count: flags.warmup,
      inflight: Math.min(10, flags.inflight),
      workflowId: warmupId,
      followEvery: 5,
      followSignal: new AbortController().signal,
    })
    await waitForRuns(
      () => db!.statusCounts(warmupId),
      (c) => terminal(c) >= warm.runIds.length,
      terminal,
      { stallMs: STALL_MS },
    )
    await warm.followed
    // One create at a time on a quiet app: the service time, without queueing behind other requests.
    const solo = await fireRuns(api, { count: 30, inflight: 1, workflowId: warmupId, followEvery: 0, followSignal: new AbortController().signal })
    await waitForRuns(
      () => db!.statusCounts(warmupId),
      (c) => terminal(c) >= warm.runIds.length + solo.runIds.length,
      terminal,
      { stallMs: STALL_MS },
    )
    await probe.loadSamples()
    const heapBaseline = await heapOf(processes)
    const statementStatistics = await db.enableStatementStatistics().catch(() => false)
    await sleep(STATS_SETTLE_MS)
    if (statementStatistics) await db.resetStatementStatistics()
    await proxy?.reset()
    const before = await db.counters()
    const benchQueriesBefore = db.queries

    const profiles = flags.cpuProf ? await Promise.all(processes.map(async (p) => startCpuProfile(await p.inspectorUrl))) : []
    const cpuBefore = processes.map((p) => cpuSeconds(p.pid))
    const postgresCpu = new BackendCpu(db)
    await postgresCpu.sample()
    const sampling = setInterval(() => void postgresCpu.sample().catch(() => {}), 250)
    const benchCpuBefore = process.cpuUsage()
    const machineBefore = machineTicks()

    log(
      `${kind}/${setup}: ${flags.runs} runs, ${flags.rate === undefined ? `${flags.inflight} in flight` : `${flags.rate} a second`}, following ${flags.follow}`,
    )
    const loaded = new AbortController()
    const probeSavesBefore = probe.saves
    const underLoad = probe.whileLoaded(loaded.signal, 20)
    const followAbort = new AbortController()
    const fired = await fireRuns(api, {
      count: flags.runs,
      inflight: flags.inflight,
      ratePerSecond: flags.rate,
      workflowId: demoId,
      followEvery: flags.follow > 0 ? Math.max(1, Math.floor(flags.runs / flags.follow)) : 0,
      followSignal: followAbort.signal,
    })
    const completion = await waitForRuns(
      () => db!.statusCounts(demoId),
      (c) => terminal(c) >= fired.runIds.length,
      terminal,
      { stallMs: STALL_MS },
    )
    const followTimeout = setTimeout(() => followAbort.abort(), completion.reached ? 30_000 : 1_000)
    const followed = await fired.followed
    clearTimeout(followTimeout)
    loaded.abort()
    const underLoadTimes = await underLoad
    const probeSavesDuringRuns = probe.saves - probeSavesBefore

    const machineAfter = machineTicks()
    const benchCpu = process.cpuUsage(benchCpuBefore)
    const cpuAfter = processes.map((p) => cpuSeconds(p.pid))
    clearInterval(sampling)
    await postgresCpu.sample()
    const rawProfiles: CpuProfile[] = await Promise.all(profiles.map((stop) => stop()))
    const snapshot = proxy ? await proxy.snapshot() : undefined
    const statementRows = statementStatistics ? await db.statementStatistics() : undefined

    const timings = await db.runTimings(demoId)
    const integrity = await db.logIntegrity(demoId)
    const stored = await db.storedSequences(followed.map((run) => run.runId))
    const shape = await db.perRunShape(demoId)
    const rssAfterRuns = processes.map((p) => residentMemory(p.pid))

    await sleep(STATS_SETTLE_MS)
    const benchQueries = db.queries - benchQueriesBefore
    const delta = counterDelta(before, await db.counters())
    // Not the app's: the probe's saves (one transaction and one row each) and the bench's own polling.
    delta.xact_commit -= probeSavesDuringRuns + benchQueries
    if (delta['public.Checkpoint inserted'] !== undefined) delta['public.Checkpoint inserted'] -= probeSavesDuringRuns
    const perRun: Counters = Object.fromEntries(Object.entries(delta).map(([key, value]) => [key, value / fired.runIds.length]))

    const heapAfterRuns = await heapOf(processes)
    const slowest = await db.slowestRuns(demoId, 3)
    log(`${kind}/${setup}: checkpoint saves on a quiet database`)
    const quietTimes = await probe.quiet(200)

    const parked = flags.parked > 0 ? await parkRuns(flags, api, db, parkingId, kind, setup) : undefined
    const rssParked = processes.map((p) => residentMemory(p.pid))
    const heapParked = parked ? await heapOf(processes) : []

    const processFigures: ProcessFigures[] = processes.map((p, i) => ({
      name: p.name,
      role: p.role,
      cpuMsPerRun: ((cpuAfter[i] - cpuBefore[i]) * 1000) / fired.runIds.length,
      rssAfterRunsMB: rssAfterRuns[i]?.rssMB,
      rssParkedMB: parked ? rssParked[i]?.rssMB : undefined,
      peakMB: rssParked[i]?.peakMB,
      heapMB: { afterWarmup: heapBaseline[i], afterRuns: heapAfterRuns[i], parked: heapParked[i] },
      stopped: '',
      complaints: p.complaints,
      logFile: p.logFile,
      profile: rawProfiles[i] ? summariseProfile(rawProfiles[i]) : undefined,
      profileFile: rawProfiles[i] ? join(logDir, `${p.name}.cpuprofile`) : undefined,
    }))
    rawProfiles.forEach((profile, i) => saveProfile(profile, processFigures[i].profileFile!))

    const seconds = (timings.lastFinishedAt - fired.firstCreateAt) / 1000
    const statementSource = statementStatistics
      ? 'pg_stat_statements'
      : proxy
        ? 'counting proxy (pg_stat_statements not loaded on the server)'
        : 'pg_stat_database only (pg_stat_statements not loaded; --statements adds a counting proxy)'
    result = {
      setup,
      database: kind,
      workers: SETUPS[setup],
      workerConcurrency: flags.workerConcurrency === undefined ? 'app default (4)' : String(flags.workerConcurrency),
      runs: fired.runIds.length,
      inflight: flags.inflight,
      rate: flags.rate,
      runsPerSecond: fired.runIds.length / seconds,
      drainSeconds: (timings.lastFinishedAt - fired.lastCreateAt) / 1000,
      createsPerSecond: fired.runIds.length / ((fired.lastCreateAt - fired.firstCreateAt) / 1000),
      createMs: percentiles(fired.createLatenciesMs),
      soloCreateMs: percentiles(solo.createLatenciesMs),
      createErrors: Object.fromEntries(fired.errors),
      timings,
      completion: { reached: completion.reached, waitedMs: completion.waitedMs },
      integrity,
      slowest,
      delivery: deliveryFigures(followed, stored),
      shape,
      checkpointMs: { underLoad: percentiles(underLoadTimes), quiet: percentiles(quietTimes) },
      perRun,
      statementSource,
      statements: snapshot
        ? statementFigures(snapshot, fired.runIds.length)
        : statementRows?.map((row) => ({
            role: 'all',
            text: row.query,
            perRun: row.calls / fired.runIds.length,
            meanMs: row.meanMs,
            p99Ms: Number.NaN,
            errors: 0,
          })),
      appCheckpointMs: snapshot ? appCheckpointStatements(snapshot) : undefined,
      parked,
      processes: processFigures,
      benchCpuMsPerRun: (benchCpu.user + benchCpu.system) / 1000 / fired.runIds.length,
      postgresCpuMsPerRun: (postgresCpu.seconds() * 1000) / fired.runIds.length,
      machineBusyPercent: busyPercent(machineBefore, machineAfter),
      notes,
    }
    return result
  } finally {
    await probe?.close().catch(() => {})
    await db?.close().catch(() => {})
    for (const process_ of [...(app?.processes ?? [])].reverse()) {
      const stopped = await stopProcess(process_)
      const figures = result?.processes.find((p) => p.name === process_.name)
      if (figures) figures.stopped = stopped
    }
    await proxy?.close()
    if (flags.keepDb && kind === 'postgres') log(`kept ${database.describe} (--keep-db)`)
    else await database.drop().catch((error: unknown) => log(`could not drop the database: ${(error as Error).message}`))
  }
}

/**
 * CPU used by the Postgres backends of the bench's database, from /proc: backends come and go
 * with the pools, so they are sampled while the runs go on; a backend first seen mid-way counts
 * from zero (it started then), one that ended between samples loses its last quarter second.
 */
class BackendCpu {
  private readonly first = new Map<number, number>()
  private readonly last = new Map<number, number>()
  private started = false

  constructor(private readonly db: BenchDb) {}

  async sample(): Promise<void> {
    for (const pid of await this.db.backendPids()) {
      const seconds = cpuSeconds(pid)
      if (!Number.isFinite(seconds)) continue
      if (!this.first.has(pid)) this.first.set(pid, this.started ? 0 : seconds)
      this.last.set(pid, seconds)
    }
    this.started = true
  }

  seconds(): number {
    let total = 0
    for (const [pid, last] of this.last) total += last - (this.first.get(pid) ?? 0)
    return total
  }
}

/** Each process's heap after GC, NaN where the inspector did not answer. */
function heapOf(processes: AppProcess[]): Promise<number[]> {
  return Promise.all(processes.map(async (p) => heapAfterGc(await p.inspectorUrl).catch(() => Number.NaN)))
}

const terminal = (counts: Record<string, number>) => (counts.succeeded ?? 0) + (counts.failed ?? 0) + (counts.cancelled ?? 0)

async function parkRuns(flags: Flags, api: ApiClient, db: BenchDb, parkingId: string, kind: string, setup: string): Promise<ParkedFigures> {
  log(`${kind}/${setup}: parking ${flags.parked} runs on a question`)
  const started = Date.now()
  const fired = await fireRuns(api, {
    count: flags.parked,
    inflight: flags.inflight,
    workflowId: parkingId,
    followEvery: 0,
    followSignal: new AbortController().signal,
  })
  const outcome = await waitForRuns(
    () => db.statusCounts(parkingId),
    (c) => (c.waiting ?? 0) + terminal(c) >= fired.runIds.length,
    (c) => (c.waiting ?? 0) + terminal(c),
    { stallMs: STALL_MS, pollMs: 500 },
  )
  const secondsToPark = (Date.now() - started) / 1000
  // Give the last parked runs' workers a moment to let go of them before reading who holds what.
  await sleep(1_000)
  const state = await db.parkedState(parkingId)
  const notWaiting = await db.notWaiting(parkingId)
  return {
    requested: flags.parked,
    createErrors: Object.fromEntries(fired.errors),
    ...state,
    reached: outcome.reached,
    secondsToPark,
    byStatus: outcome.byStatus,
    notWaiting,
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const GOALS = {
  runsPerSecond: 500,
  createP99Ms: 50,
  deliveryP99Ms: 50,
  checkpointMs: 5,
}

interface GoalRow {
  setup: string
  goal: string
  measured: string
  limit: string
  status: string
}

function goalRows(result: SetupResult): GoalRow[] {
  const setup = `${result.database}/${result.setup}`
  const row = (goal: string, measured: number, limit: string, met: boolean, unit = ''): GoalRow => ({
    setup,
    goal,
    measured: Number.isFinite(measured) ? `${readable(measured)}${unit}` : 'n/a',
    limit,
    status: Number.isFinite(measured) ? (met ? 'met' : 'NOT MET') : 'not measured',
  })
  const d = result.delivery
  const appCheckpoint = result.appCheckpointMs?.carrying?.p50
  const checkpoint = appCheckpoint ?? result.checkpointMs.underLoad.p50
  return [
    row('completed runs per second', result.runsPerSecond, `≥ ${GOALS.runsPerSecond}`, result.runsPerSecond >= GOALS.runsPerSecond),
    row('create latency p99', result.createMs.p99, `< ${GOALS.createP99Ms} ms`, result.createMs.p99 < GOALS.createP99Ms, ' ms'),
    row('event delivery p99 (live events)', d.live.p99, `< ${GOALS.deliveryP99Ms} ms`, d.live.p99 < GOALS.deliveryP99Ms, ' ms'),
    row(
      'lost events',
      d.followed ? d.lost + d.runsShort + result.integrity.runsWithGaps : Number.NaN,
      '0',
      d.lost + d.runsShort + result.integrity.runsWithGaps === 0,
    ),
    row('duplicated events', d.followed ? d.duplicated : Number.NaN, '0', d.duplicated === 0),
    row(
      appCheckpoint !== undefined
        ? "checkpoint per superstep (app's statement storing it, median)"
        : 'checkpoint per superstep (standalone save under load, median)',
      checkpoint,
      `< ${GOALS.checkpointMs} ms`,
      checkpoint < GOALS.checkpointMs,
      ' ms',
    ),
  ]
}

const ms = (value: number) => (Number.isFinite(value) ? readable(value) : 'n/a')

function figureRows(results: SetupResult[]): Record<string, Record<string, string | number>> {
  const rows: Record<string, Record<string, string | number>> = {}
  const add = (label: string, cell: (r: SetupResult) => string | number) => {
    rows[label] = Object.fromEntries(results.map((r) => [`${r.database}/${r.setup}`, cell(r)]))
  }
  add('runs (in flight, or a second)', (r) => `${r.runs} (${r.rate === undefined ? r.inflight : `${r.rate}/s`})`)
  add('worker processes × concurrency', (r) => `${r.workers === 0 ? 'in web' : r.workers} × ${r.workerConcurrency}`)
  add('completed runs/s', (r) => readable(r.runsPerSecond))
  add('creates/s', (r) => readable(r.createsPerSecond))
  add('create ms p50 / p99 / max', (r) => `${ms(r.createMs.p50)} / ${ms(r.createMs.p99)} / ${ms(r.createMs.max)}`)
  add('create ms p50 / p99, one at a time (quiet)', (r) => `${ms(r.soloCreateMs.p50)} / ${ms(r.soloCreateMs.p99)}`)
  add('create errors', (r) => Object.values(r.createErrors).reduce((a, b) => a + b, 0))
  add('last create → last run finished, s', (r) => readable(r.drainSeconds))
  add('queue wait ms p50 / p99 / max', (r) => `${ms(r.timings.queueWaitMs.p50)} / ${ms(r.timings.queueWaitMs.p99)} / ${ms(r.timings.queueWaitMs.max)}`)
  add('run (start→end) ms p50 / p99 / max', (r) => `${ms(r.timings.runMs.p50)} / ${ms(r.timings.runMs.p99)} / ${ms(r.timings.runMs.max)}`)
  add('statuses', (r) =>
    Object.entries(r.timings.byStatus)
      .map(([s, n]) => `${s} ${n}`)
      .join(', '),
  )
  add('SSE followed / ended', (r) => `${r.delivery.followed} / ${r.delivery.streamsEnded}`)
  add('delivery ms p50 / p99 (live)', (r) => `${ms(r.delivery.live.p50)} / ${ms(r.delivery.live.p99)} (${r.delivery.live.n} events)`)
  add('replayed (stored before the stream)', (r) => r.delivery.replayed)
  add('lost / duplicated / out of order', (r) => `${r.delivery.lost + r.delivery.runsShort} / ${r.delivery.duplicated} / ${r.delivery.outOfOrder}`)
  add('stored logs: gaps / not one final', (r) => `${r.integrity.runsWithGaps} / ${r.integrity.runsWithoutOneFinal + r.integrity.runsWithEventsAfterFinal}`)
  add('events / supersteps / checkpoints per run', (r) => `${readable(r.shape.events)} / ${readable(r.shape.supersteps)} / ${readable(r.shape.checkpoints)}`)
  add('checkpoint bytes (stored)', (r) => readable(r.shape.checkpointBytes))
  add(
    'standalone checkpoint save ms p50 / p99, under load',
    (r) => `${ms(r.checkpointMs.underLoad.p50)} / ${ms(r.checkpointMs.underLoad.p99)} (${r.checkpointMs.underLoad.n})`,
  )
  add('standalone checkpoint save ms p50 / p99, quiet', (r) => `${ms(r.checkpointMs.quiet.p50)} / ${ms(r.checkpointMs.quiet.p99)}`)
  add("app's statement storing a checkpoint ms p50 / p99", (r) =>
    r.appCheckpointMs?.carrying ? `${ms(r.appCheckpointMs.carrying.p50)} / ${ms(r.appCheckpointMs.carrying.p99)} (${r.appCheckpointMs.carrying.n})` : 'n/a',
  )
  add("app's event statements without one ms p50 / p99", (r) =>
    r.appCheckpointMs?.without ? `${ms(r.appCheckpointMs.without.p50)} / ${ms(r.appCheckpointMs.without.p99)} (${r.appCheckpointMs.without.n})` : 'n/a',
  )
  add('transactions per run', (r) => readable(r.perRun.xact_commit ?? Number.NaN))
  add(
    'rows written per run (ins/upd/del)',
    (r) => `${readable(r.perRun.tup_inserted ?? 0)} / ${readable(r.perRun.tup_updated ?? 0)} / ${readable(r.perRun.tup_deleted ?? 0)}`,
  )
  add('CPU ms per run: web / workers / Postgres / bench', (r) =>
    [
      r.processes
        .filter((p) => p.role === 'web')
        .map((p) => readable(p.cpuMsPerRun))
        .join('+'),
      r.processes
        .filter((p) => p.role === 'worker')
        .map((p) => readable(p.cpuMsPerRun))
        .join('+') || '-',
      readable(r.postgresCpuMsPerRun),
      readable(r.benchCpuMsPerRun),
    ].join(' / '),
  )
  add('machine busy during runs', (r) => `${readable(r.machineBusyPercent)} %`)
  add('RSS MB after runs (web, workers)', (r) => r.processes.map((p) => readable(p.rssAfterRunsMB ?? Number.NaN)).join(', '))
  add('parked runs waiting / held by a worker / left ready', (r) =>
    r.parked ? `${r.parked.waiting} of ${r.parked.requested} / ${r.parked.heldByWorker} / ${r.parked.readyRuns}` : 'n/a',
  )
  add('seconds to park them all', (r) => (r.parked ? readable(r.parked.secondsToPark) : 'n/a'))
  add('RSS MB with runs parked (web, workers)', (r) => r.processes.map((p) => readable(p.rssParkedMB ?? Number.NaN)).join(', '))
  add('heap MB after GC: warm-up → runs → parked', (r) =>
    r.processes.map((p) => `${readable(p.heapMB.afterWarmup)} → ${readable(p.heapMB.afterRuns)} → ${readable(p.heapMB.parked ?? Number.NaN)}`).join(', '),
  )
  add('runs taken over (attempts > 1)', (r) => r.timings.takenOver)
  return rows
}

function printResult(result: SetupResult): void {
  const title = `${result.database}/${result.setup}`
  const tableRows = Object.entries(result.perRun)
    .filter(([key, value]) => / (inserted|updated|deleted)$/.test(key) && Math.abs(value) >= 0.01)
    .sort((a, b) => b[1] - a[1])
    .map(([table, perRun]) => ({ table, 'rows per run': readable(perRun) }))
  console.log(`\n${title}: rows written per run by table (pg_stat_user_tables)`)
  console.table(tableRows)
  if (result.statements) {
    console.log(`${title}: statements per run (${result.statementSource})`)
    console.table(
      result.statements.slice(0, 25).map((s) => ({
        role: s.role,
        'per run': readable(s.perRun),
        'mean ms': ms(s.meanMs),
        'p99 ms': ms(s.p99Ms),
        errors: s.errors,
        statement: s.text.slice(0, 110),
      })),
    )
    const total = result.statements.reduce((sum, s) => sum + s.perRun, 0)
    console.log(`${title}: ${readable(total)} statements per run in all`)
  }
  for (const process_ of result.processes) {
    if (!process_.profile) continue
    console.log(
      `${title}: ${process_.name} CPU profile, ${readable(process_.profile.totalMs)} ms sampled, ${readable(process_.profile.busyMs)} ms not idle (% of that; ${process_.profileFile})`,
    )
    console.table(process_.profile.areas.slice(0, 10).map((a) => ({ area: a.area, 'self ms': readable(a.selfMs), '%': readable(a.percent) })))
    console.table(
      process_.profile.functions.map((f) => ({
        function: f.function.slice(0, 60),
        'self ms': readable(f.selfMs),
        '%': readable(f.percent),
        where: f.location.slice(0, 100),
      })),
    )
    console.log(`${title}: ${process_.name}, the project's own functions by inclusive time`)
    console.table(
      process_.profile.ownInclusive.map((f) => ({
        function: f.function.slice(0, 60),
        'inclusive ms': readable(f.selfMs),
        '%': readable(f.percent),
        where: f.location.slice(0, 100),
      })),
    )
  }
  for (const process_ of result.processes) {
    if (process_.complaints.length)
      console.log(
        `${title}: ${process_.name} printed ${process_.complaints.length} error/warning line(s), e.g.:\n  ${process_.complaints.slice(0, 5).join('\n  ')}`,
      )
  }
  const problems = [
    ...Object.entries(result.createErrors).map(([message, count]) => `${count}× create failed: ${message}`),
    ...result.delivery.streamErrors.map((message) => `SSE error: ${message}`),
    ...result.integrity.examples,
    ...(result.completion.reached ? [] : [`runs stopped moving for ${STALL_MS / 1000} s before all finished: ${JSON.stringify(result.timings.byStatus)}`]),
    ...(result.parked && !result.parked.reached ? [`parked runs stopped moving before all were parked: ${JSON.stringify(result.parked.byStatus)}`] : []),
    ...(result.parked?.notWaiting ?? []).map((run) => `${run.count} parked run(s) ended ${run.status} instead of waiting: ${run.error ?? '(no error)'}`),
    ...result.slowest.map(
      (run) =>
        `slow run ${run.id}: ${readable(run.runMs)} ms from start to end (attempts ${run.attempts}); longest silence ${readable(run.gapMs)} ms between ${run.before} #${run.sequence - 1} and ${run.after} #${run.sequence}`,
    ),
    ...result.notes,
  ]
  for (const problem of problems) console.log(`${title}: ${problem}`)
}

// ---------------------------------------------------------------------------------------------

/** Each setup beside the storage floor measured on its kind of database. */
function floorComparisons(results: SetupResult[], floors: StorageFloorResult[]): FloorComparison[] {
  return results.flatMap((result) => {
    const floor = floors.find((f) => f.database === result.database)
    if (!floor) return []
    const appCpuMsPerRun = result.processes.reduce((sum, p) => sum + p.cpuMsPerRun, 0) + result.postgresCpuMsPerRun + result.benchCpuMsPerRun
    return [{ setup: `${result.database}/${result.setup}`, appRunsPerSecond: result.runsPerSecond, appCpuMsPerRun, appShape: result.shape, floor }]
  })
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2))
  cleanUpOnSignals(log)
  const buildNote = `${ensureBuild({ noBuild: flags.noBuild, log })}; ${sourceState()}`
  const logDir = mkdtempSync(join(tmpdir(), 'agentloom-run-throughput-'))
  log(`${buildNote}; logs in ${logDir}`)
  const machine = machineInfo('wall')
  const results: SetupResult[] = []
  const floors: StorageFloorResult[] = []
  const failures: string[] = []
  for (const kind of flags.databases) {
    for (const setup of flags.setups) {
      try {
        results.push(await measureSetup(flags, kind, setup, logDir))
      } catch (error) {
        failures.push(`${kind}/${setup}: ${(error as Error).stack ?? error}`)
        log(`${kind}/${setup} failed: ${(error as Error).message}`)
      }
    }
    if (flags.noFloor) continue
    try {
      floors.push(await measureStorageFloor(kind, flags.serverUrl, { ...DEFAULT_FLOOR_OPTIONS, log }))
    } catch (error) {
      failures.push(`${kind} storage floor: ${(error as Error).stack ?? error}`)
      log(`${kind} storage floor failed: ${(error as Error).message}`)
    }
  }
  const goals = results.flatMap(goalRows)
  const missed = goals.filter((goal) => goal.status === 'NOT MET')
  const comparisons = floorComparisons(results, floors)
  if (flags.json) {
    const floorRows = floorComparisonRows(comparisons, GOALS.runsPerSecond)
    console.log(
      JSON.stringify(
        { benchmark: 'run-throughput', machine, build: buildNote, logDir, flags, goals: GOALS, results, goalRows: goals, floors, floorRows, failures },
        null,
        2,
      ),
    )
  } else {
    printMachine(machine)
    console.log(`${buildNote}; logs and profiles in ${logDir}`)
    console.table(figureRows(results))
    for (const result of results) printResult(result)
    console.table(goals)
    if (floors.length > 0) {
      console.log(
        'Storage floor: the row work of the same runs, by a client writing straight to a fresh database of the same kind (bench/lib/runs/storage-floor.ts)',
      )
      printStorageFloor(floors)
      console.table(floorComparisonRows(comparisons, GOALS.runsPerSecond))
      for (const mismatch of shapeMismatches(comparisons)) console.log(mismatch)
    }
    for (const failure of failures) console.log(`FAILED ${failure}`)
    console.log(
      `${goals.length - missed.length} of ${goals.length} goal checks met${missed.length ? `; missed: ${missed.map((g) => `${g.setup} ${g.goal} (${g.measured})`).join('; ')}` : ''}`,
    )
  }
  if ((flags.strict && missed.length > 0) || failures.length > 0) process.exitCode = 1
}

await main()
