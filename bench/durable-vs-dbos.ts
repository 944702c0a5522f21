/**
 * Durable runs beside DBOS Transact (issue #29): the same five-step workflow run durably, in this
 * process, on the same Postgres server, with the same number of runs in flight, in interleaved
 * rounds. Agentloom runs the five-node demo workflow (start → agent → transform → agent → output,
 * the demo model: no network) through RunService.create and a RunWorker, once per durability mode
 * (sync, async, exit), each started two ways: queued (a worker takes it from the queue, as a run created from the
 * UI or `POST /api/runs` is) and run now (inserted claimed and executed at once in this process, followed through its
 * events in memory: how a `/v1` request, a chat message, an `/mcp` call or a webhook that waits runs it). DBOS runs
 * a workflow of five steps, each checkpointed in its system database, called in this process: its run-now.
 * The worker has a slot for every run in flight (`--worker-concurrency`, default `--inflight`), as DBOS runs every
 * call it is given at once.
 * Each engine runs in a process of its own, which this one starts and tells what to run, round by round: an engine
 * sharing another's process pays for what the other leaves there (its heap, its timers; DBOS keeps its context in an
 * AsyncLocalStorage, and once one is entered Node before 24 runs promise hooks on every promise of the process), and
 * Agentloom's runs beside DBOS ran 7–25 % fewer per second than without it (BENCHMARKS.md, "Session 40"). Agentloom's
 * admin and workflow are made by this process (seedInProcessApp says why) and handed to its side.
 * Each side has a fresh database of its own. Per side and round: completed runs per second, commits
 * per run (`xact_commit` of its database, less the bench's own polling), and CPU per run (the side's
 * process plus the Postgres backends of its database, from /proc). The ratios are within a round.
 *
 *   npm run bench -- --engine     (installs bench/'s peers, DBOS among them, and runs this with the other engine scripts)
 *   npx tsx bench/durable-vs-dbos.ts [--runs 300] [--inflight 50] [--rounds 3] [--warmup 1000] [--worker-concurrency N] [--start queued,now] [--modes sync,async,exit] [--json]
 *
 * DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres) is the server; the bench's
 * databases are dropped at the end.
 */
import { fork, type ChildProcess } from 'node:child_process'
import pg from 'pg'
import type { DurabilityMode } from '../lib/contracts/durability'
import { RunService } from '../lib/server/runs/run-service'
import { readable } from './lib/cli'
import { withConcurrency } from './lib/measure'
import { cpuSeconds, freshPostgresDatabase, type BenchDatabase } from './lib/runs/app-processes'
import { seedInProcessApp, startInProcessApp, type InProcessApp, type InProcessAppSeed } from './lib/runs/in-process-app'

interface Flags {
  runs: number
  inflight: number
  rounds: number
  /** Runs of each side (each mode and start of Agentloom's) before the first round. */
  warmup: number
  workerConcurrency: number
  starts: Start[]
  modes: DurabilityMode[]
  json: boolean
}

/** How a run is started: through the queue, or at once where it was asked for (run-now.ts). */
type Start = 'queued' | 'now'
const STARTS: Start[] = ['queued', 'now']
const MODES: DurabilityMode[] = ['sync', 'async', 'exit']

function flags(argv: string[]): Flags {
  const value = (name: string, fallback: number) => {
    const at = argv.indexOf(`--${name}`)
    return at >= 0 ? Number(argv[at + 1]) : fallback
  }
  const inflight = value('inflight', 50)
  const startAt = argv.indexOf('--start')
  const starts = startAt >= 0 ? (argv[startAt + 1] ?? '').split(',') : STARTS
  const unknown = starts.filter((start) => !STARTS.includes(start as Start))
  if (unknown.length) throw new Error(`--start takes ${STARTS.join(', ')} (comma-separated), not ${unknown.join(', ')}`)
  const modesAt = argv.indexOf('--modes')
  const modes = modesAt >= 0 ? (argv[modesAt + 1] ?? '').split(',') : MODES
  const unknownModes = modes.filter((mode) => !MODES.includes(mode as DurabilityMode))
  if (unknownModes.length) throw new Error(`--modes takes ${MODES.join(', ')} (comma-separated), not ${unknownModes.join(', ')}`)
  return {
    runs: value('runs', 300),
    inflight,
    rounds: value('rounds', 3),
    warmup: value('warmup', 1000),
    workerConcurrency: value('worker-concurrency', inflight),
    starts: starts as Start[],
    modes: modes as DurabilityMode[],
    json: argv.includes('--json'),
  }
}

interface Measured {
  runsPerSecond: number
  commitsPerRun: number
  /** The engine's process (the side's: engine and load alike), then the database's backends. */
  cpuMsPerRun: { engine: number; postgres: number }
}

/** What one side's database says: its commits and its backends' CPU. */
class DatabaseProbe {
  private constructor(
    private readonly client: pg.Client,
    private readonly name: string,
  ) {}

  static async open(url: string): Promise<DatabaseProbe> {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    return new DatabaseProbe(client, new URL(url).pathname.slice(1))
  }

  /** Commits so far, this probe's own statements included (the caller subtracts them). */
  async commits(): Promise<number> {
    await this.client.query('SELECT pg_stat_force_next_flush()')
    const { rows } = await this.client.query<{ commits: string }>('SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = $1', [this.name])
    return Number(rows[0].commits)
  }

  async backendPids(): Promise<number[]> {
    const { rows } = await this.client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [this.name])
    return rows.map((row) => row.pid)
  }

  close(): Promise<void> {
    return this.client.end()
  }
}

/** Runs `work` (which completes `runs` durable runs) and measures it against `probe`'s database. */
async function measure(probe: DatabaseProbe, runs: number, work: () => Promise<void>): Promise<Measured> {
  const pidsBefore = await probe.backendPids()
  const backendCpu = (pids: number[]) => pids.reduce((sum, pid) => sum + (Number.isNaN(cpuSeconds(pid)) ? 0 : cpuSeconds(pid)), 0)
  const commitsBefore = await probe.commits()
  const postgresBefore = new Map(pidsBefore.map((pid) => [pid, cpuSeconds(pid)]))
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  await work()
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  const pidsAfter = await probe.backendPids()
  const postgres = backendCpu(pidsAfter) - pidsAfter.reduce((sum, pid) => sum + (postgresBefore.get(pid) ?? 0), 0)
  // The probe's own statements between the two reads: the backend list and the commit count (two each).
  const commits = (await probe.commits()) - commitsBefore - 3
  return {
    runsPerSecond: runs / seconds,
    commitsPerRun: commits / runs,
    cpuMsPerRun: { engine: (cpu.user + cpu.system) / 1000 / runs, postgres: (postgres * 1000) / runs },
  }
}

// ---------------------------------------------------------------------------------------------
// Agentloom

async function agentloomRound(side: InProcessApp, probe: DatabaseProbe, mode: DurabilityMode, start: Start, options: Flags): Promise<Measured> {
  const runs = new RunService(side.app)
  const runNow = start === 'now'
  const once = async (i: number) => {
    const run = await runs.create(side.principal, { workflowId: side.workflowId, input: `Hello ${i}`, durability: mode }, { runNow })
    await side.ended(run.id)
  }
  return measure(probe, options.runs, () => withConcurrency(options.runs, options.inflight, once))
}

// ---------------------------------------------------------------------------------------------
// DBOS

/** The same shape: five steps, each a little text work, each checkpointed by DBOS. */
async function launchDbos(databaseUrl: string) {
  // Imported here, in DBOS's own process only.
  const { DBOS } = await import('@dbos-inc/dbos-sdk')
  const fiveSteps = DBOS.registerWorkflow(
    async (input: string) => {
      let text = input
      text = await DBOS.runStep(async () => text.trim(), { name: 'start' })
      text = await DBOS.runStep(async () => `Demo reply: ${text}`, { name: 'drafter' })
      text = await DBOS.runStep(async () => text, { name: 'tidy' })
      text = await DBOS.runStep(async () => `Demo reply: ${text}`, { name: 'reviewer' })
      return await DBOS.runStep(async () => text, { name: 'output' })
    },
    { name: 'fiveSteps' },
  )
  DBOS.setConfig({ name: 'agentloom-bench', systemDatabaseUrl: databaseUrl })
  await DBOS.launch()
  return { fiveSteps, shutdown: () => DBOS.shutdown() }
}

// ---------------------------------------------------------------------------------------------
// Each engine in its own process

type SideName = 'agentloom' | 'dbos'

/** What the bench asks of a side: a round (`mode` and `start` for Agentloom's), or to close. */
type SideRequest = { round: { runs: number; mode: DurabilityMode; start: Start } } | { close: true }
type SideAnswer = { ready: true } | { measured: Measured } | { failed: string }

/**
 * In the side's process: starts its engine on its database, then runs the rounds asked for until told to close, when
 * it closes the engine and exits (of itself, so that a `--cpu-prof` given to the bench writes the side's profile).
 */
async function serveSide(side: SideName, databaseUrl: string, options: Flags): Promise<void> {
  const send = (answer: SideAnswer) => process.send!(answer)
  const probe = await DatabaseProbe.open(databaseUrl)
  let round: (request: { runs: number; mode: DurabilityMode; start: Start }) => Promise<Measured>
  let close: () => Promise<void>
  if (side === 'agentloom') {
    const database: BenchDatabase = {
      kind: 'postgres',
      appEnv: { DATABASE_URL: databaseUrl },
      benchUrl: () => databaseUrl,
      describe: "the bench's database for Agentloom",
      drop: () => Promise.resolve(),
    }
    // Its worker is the process's local worker too (run-now.ts): a run started `now` takes one of its slots. The admin
    // and workflow were made by the coordinator (seedInProcessApp says why).
    const seed = JSON.parse(process.env[SEED_VARIABLE] ?? '') as InProcessAppSeed
    const ours = await startInProcessApp(database, options.workerConcurrency, seed)
    round = ({ runs, mode, start }) => agentloomRound(ours, probe, mode, start, { ...options, runs })
    close = () => ours.close()
  } else {
    // Called as a plain function: DBOS takes a `this` as the instance a workflow belongs to.
    const { fiveSteps, shutdown } = await launchDbos(databaseUrl)
    round = ({ runs }) =>
      measure(probe, runs, () =>
        withConcurrency(runs, options.inflight, async (i) => {
          await fiveSteps(`Hello ${i}`)
        }),
      )
    close = shutdown
  }
  process.on('message', (request: SideRequest) => {
    if ('round' in request) {
      round(request.round).then(
        (measured) => send({ measured }),
        (error: unknown) => send({ failed: String((error as Error)?.stack ?? error) }),
      )
    } else {
      void probe
        .close()
        .then(close)
        .finally(() => process.exit(0))
    }
  })
  send({ ready: true })
}

interface Side {
  round(runs: number, mode?: DurabilityMode, start?: Start): Promise<Measured>
  close(): Promise<void>
}

/** Where Agentloom's side finds its seed (in its environment: the master key is in it, so not in its arguments). */
const SEED_VARIABLE = 'AGENTLOOM_BENCH_SEED'

/** Starts this script again as `side`'s process (same loader flags: tsx) and waits until its engine is up. */
async function startSide(side: SideName, database: BenchDatabase, seed?: InProcessAppSeed): Promise<Side> {
  const child: ChildProcess = fork(process.argv[1], ['--side', side, '--database-url', database.benchUrl(), ...process.argv.slice(2)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: seed ? { ...process.env, [SEED_VARIABLE]: JSON.stringify(seed) } : process.env,
  })
  const next = () =>
    new Promise<SideAnswer>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the ${side} side's process exited (${code})`))
      child.once('exit', onExit)
      child.once('message', (answer: SideAnswer) => {
        child.off('exit', onExit)
        if ('failed' in answer) reject(new Error(`the ${side} side failed: ${answer.failed}`))
        else resolve(answer)
      })
    })
  await next()
  return {
    async round(runs, mode = 'sync', start = 'now') {
      const answer = next()
      child.send({ round: { runs, mode, start } } satisfies SideRequest)
      return ((await answer) as { measured: Measured }).measured
    },
    async close() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.send({ close: true } satisfies SideRequest)
      await exited
    },
  }
}

// ---------------------------------------------------------------------------------------------

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

async function main(): Promise<void> {
  const options = flags(process.argv.slice(2))
  const serverUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
  const [ourDatabase, dbosDatabase] = await Promise.all([freshPostgresDatabase(serverUrl), freshPostgresDatabase(serverUrl)])
  const sides = options.modes.flatMap((mode) => options.starts.map((start) => ({ mode, start, name: `${mode}, ${start === 'now' ? 'run now' : 'queued'}` })))
  const dbosResults: Measured[] = []
  const results = new Map<string, { measured: Measured[]; ratios: number[] }>(sides.map((side) => [side.name, { measured: [], ratios: [] }]))
  let ours: Side | undefined
  let dbos: Side | undefined
  try {
    const seed = await seedInProcessApp(ourDatabase)
    ;[ours, dbos] = await Promise.all([startSide('agentloom', ourDatabase, seed), startSide('dbos', dbosDatabase)])
    // A warm-up of each, unmeasured (caches, prepared statements, the JIT: V8 is still speeding a process up through its
    // first thousand or so of the same work, BENCHMARKS.md "Session 39").
    for (const side of sides) await ours.round(options.warmup, side.mode, side.start)
    await dbos.round(options.warmup)
    for (let round = 1; round <= options.rounds; round++) {
      const dbosRound = await dbos.round(options.runs)
      dbosResults.push(dbosRound)
      for (const side of sides) {
        const measured = await ours.round(options.runs, side.mode, side.start)
        results.get(side.name)!.measured.push(measured)
        results.get(side.name)!.ratios.push(measured.runsPerSecond / dbosRound.runsPerSecond)
      }
      if (!options.json)
        console.log(
          `round ${round}: DBOS ${readable(dbosRound.runsPerSecond)} runs/s; ${sides.map((side) => `${side.name} ${readable(results.get(side.name)!.measured.at(-1)!.runsPerSecond)}`).join('; ')}`,
        )
    }
  } finally {
    await Promise.all([ours?.close(), dbos?.close()])
    await Promise.all([ourDatabase.drop(), dbosDatabase.drop()])
  }
  const row = (side: string, measured: Measured[], ratios: number[]) => ({
    side,
    runsPerSecond: median(measured.map((m) => m.runsPerSecond)),
    commitsPerRun: median(measured.map((m) => m.commitsPerRun)),
    cpuMsEngine: median(measured.map((m) => m.cpuMsPerRun.engine)),
    cpuMsPostgres: median(measured.map((m) => m.cpuMsPerRun.postgres)),
    ratioToDbos: median(ratios),
  })
  const rows = [
    row('DBOS Transact (5 steps)', dbosResults, [1]),
    ...[...results].map(([name, { measured, ratios }]) => row(`Agentloom ${name}`, measured, ratios)),
  ]
  if (options.json) {
    console.log(JSON.stringify({ options, rows }, null, 2))
    return
  }
  console.log(`\n${options.runs} runs per side and round, ${options.inflight} in flight, ${options.rounds} rounds (medians; ratio of runs/s within each round)`)
  console.log('| | runs/s | × DBOS | commits/run | CPU ms/run: the engine’s process + Postgres |')
  console.log('|---|---:|---:|---:|---:|')
  for (const row of rows) {
    console.log(
      `| ${row.side} | ${readable(row.runsPerSecond)} | ${row.ratioToDbos.toFixed(2)} | ${row.commitsPerRun.toFixed(1)} | ${row.cpuMsEngine.toFixed(1)} + ${row.cpuMsPostgres.toFixed(1)} |`,
    )
  }
}

const sideAt = process.argv.indexOf('--side')
if (sideAt >= 0) {
  // A side's process: it ends when the bench tells it to, or when the bench is gone.
  process.on('disconnect', () => process.exit(0))
  serveSide(process.argv[sideAt + 1] as SideName, process.argv[process.argv.indexOf('--database-url') + 1], flags(process.argv.slice(2))).catch(
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
} else {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
