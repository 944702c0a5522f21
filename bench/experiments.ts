/**
 * Experiments and forks (issue #31, "Speed"), in this process on a fresh database on the Postgres server at
 * DATABASE_URL, through the app's services and a real RunWorker (its graphile queue, its experiment steps):
 *
 * 1. the floor: N plain runs of the five-node demo workflow (start → agent → transform → agent → output, the demo
 *    model: no network), started with RunService.create as the experiment driver starts its rows, with as many in
 *    flight as the experiment's concurrency: the app's runs per second;
 * 2. an experiment of N rows (one trial, a `contains` evaluator) on the same workflow, from ExperimentService.create
 *    to the experiment's `finishedAt`: rows per second, and its ratio to the floor against the goal ≥ 0.8;
 * 3. forks: a finished run forked at its superstep-2 checkpoint K times, one at a time on the quiet app: the fork call
 *    (RunForkService.create: the fork's row, its inherited events and `run_forked`, its checkpoint copy, its job, in one
 *    transaction) and the server time from the call to the first event the fork's own execution stores (its
 *    `createdAt`, which Postgres stamps), median and p95, against the goal < 20 ms.
 *
 *   npx tsx bench/experiments.ts [--rows 1000] [--runs 1000] [--concurrency 16] [--forks 50] [--worker-concurrency 16] [--quick] [--json]
 *
 * --quick: 200 rows, 200 runs, 20 forks. The database is dropped at the end. BENCHMARKS.md ("Experiments and forks")
 * says what the figures mean and what was measured.
 */
import { randomBytes } from 'node:crypto'
import { evaluatorSpecSchema } from '../lib/contracts/evaluators'
import { servicesFor, type Services } from '../lib/server/services'
import { readable } from './lib/cli'
import { quantile, withConcurrency } from './lib/measure'
import { machineInfo, printMachine } from './lib/report'
import { freshPostgresDatabase } from './lib/runs/app-processes'
import { startInProcessApp, type InProcessApp } from './lib/runs/in-process-app'

const GOALS = { experimentRatio: 0.8, forkMs: 20 } as const

interface Flags {
  rows: number
  runs: number
  concurrency: number
  forks: number
  workerConcurrency: number
  json: boolean
}

function parseFlags(argv: string[]): Flags {
  const quick = argv.includes('--quick')
  const count = (name: string, fallback: number, min = 1) => {
    const at = argv.indexOf(`--${name}`)
    if (at < 0) return fallback
    const value = Number(argv[at + 1])
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} needs a whole number ≥ ${min}, got ${JSON.stringify(argv[at + 1])}.`)
    return value
  }
  return {
    rows: count('rows', quick ? 200 : 1000),
    runs: count('runs', quick ? 200 : 1000),
    // The most an experiment may run at once (lib/contracts/experiments.ts).
    concurrency: Math.min(16, count('concurrency', 16)),
    forks: count('forks', quick ? 20 : 50),
    workerConcurrency: count('worker-concurrency', 16),
    json: argv.includes('--json'),
  }
}

const log = (line: string) => console.error(`[bench] ${line}`)

type Bench = InProcessApp & { services: Services }

async function startBench(serverUrl: string, workerConcurrency: number) {
  const database = await freshPostgresDatabase(serverUrl)
  const app = await startInProcessApp(database, workerConcurrency)
  const bench: Bench = { ...app, services: servicesFor(app.app) }
  const stop = async () => {
    await app.close()
    await database.drop()
  }
  return { bench, stop, describe: database.describe }
}

async function plainRuns(bench: Bench, runs: number, inflight: number): Promise<{ runsPerSecond: number; seconds: number }> {
  const started = performance.now()
  await withConcurrency(runs, inflight, async (i) => {
    const run = await bench.services.runs.create(bench.principal, { workflowId: bench.workflowId, input: `Hello ${i}` })
    await bench.ended(run.id)
  })
  const seconds = (performance.now() - started) / 1000
  return { runsPerSecond: runs / seconds, seconds }
}

interface ExperimentFigures {
  rows: number
  seconds: number
  rowsPerSecond: number
  status: string
  passed: number
  /** ExperimentService.results (what the results table's request gets) for the finished experiment, median of 10 after one warm-up. */
  resultsMs: number
  resultsBytes: number
}

async function experiment(bench: Bench, rows: number, concurrency: number): Promise<ExperimentFigures> {
  const { services, principal, workflowId, app } = bench
  const dataset = await services.datasets.create(principal, {
    name: `Bench rows ${randomBytes(3).toString('hex')}`,
    rows: Array.from({ length: rows }, (_, i) => ({ input: `Question ${i}`, expected: 'Demo reply' })),
  })
  const evaluators = [evaluatorSpecSchema.parse({ kind: 'contains' })]
  const started = performance.now()
  const created = await services.experiments.create(principal, { datasetId: dataset.dataset.id, target: { workflowId }, evaluators, trials: 1, concurrency })
  const id = created.experiment.id
  // The experiment's end is its row's status: polled (one indexed read every 50 ms costs the app nothing it would notice).
  let status = 'running'
  let lastProgress = performance.now()
  let lastScored = -1
  while (status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 50))
    const [row] = await app.db.sql.query<{ status: string; scored: number }>(
      `SELECT e.status, (SELECT count(*)::int FROM "ExperimentRow" r WHERE r."experimentId" = e.id AND r.status = 'scored') AS scored FROM "Experiment" e WHERE e.id = $1`,
      [id],
    )
    status = row!.status
    if (row!.scored !== lastScored) {
      lastScored = row!.scored
      lastProgress = performance.now()
    } else if (performance.now() - lastProgress > 120_000) {
      throw new Error(`The experiment stopped moving at ${lastScored} of ${rows} rows scored.`)
    }
  }
  const [finished] = await app.db.sql.query<{ seconds: number }>(
    `SELECT EXTRACT(EPOCH FROM ("finishedAt" - "createdAt"))::float8 AS seconds FROM "Experiment" WHERE id = $1`,
    [id],
  )
  // The database's own span (created → finished), which the 50 ms poll does not blur; the bench's as a cross-check.
  const seconds = finished?.seconds ?? (performance.now() - started) / 1000
  const result = await services.experiments.get(principal, id)
  const passed = Math.round((result.experiment.aggregates.passRate ?? 0) * rows)
  let resultsBytes = JSON.stringify(await services.experiments.results(principal, id)).length
  const resultsTimes: number[] = []
  for (let i = 0; i < 10; i++) {
    const before = performance.now()
    resultsBytes = JSON.stringify(await services.experiments.results(principal, id)).length
    resultsTimes.push(performance.now() - before)
  }
  return {
    resultsMs: quantile(resultsTimes, 0.5),
    resultsBytes,
    rows,
    seconds,
    rowsPerSecond: rows / seconds,
    status,
    passed,
  }
}

interface ForkFigures {
  forks: number
  superstep: number
  /** The fork call (RunForkService.create) as its caller sees it. */
  callMs: { median: number; p95: number }
  /** From the call to the first event the fork's execution stored (its createdAt). */
  firstEventMs: { median: number; p95: number }
  firstEventType: string
}

async function forks(bench: Bench, count: number): Promise<ForkFigures> {
  const { services, principal, workflowId, app } = bench
  const parent = await services.runs.create(principal, { workflowId, input: 'Fork me' })
  await bench.ended(parent.id)
  const checkpoints = await services.runCheckpoints.list(principal, parent.id)
  const at = checkpoints.find((checkpoint) => checkpoint.superstep === 2) ?? checkpoints.at(-1)!
  const callMs: number[] = []
  const firstEventMs: number[] = []
  const firstTypes = new Map<string, number>()
  for (let i = 0; i < count; i++) {
    const startedAt = performance.timeOrigin + performance.now()
    const created = await services.runForks.create(principal, parent.id, { checkpointId: at.id })
    callMs.push(performance.timeOrigin + performance.now() - startedAt)
    await bench.ended(created.run.id)
    const [first] = await app.db.sql.query<{ type: string; at: number }>(
      `SELECT type, EXTRACT(EPOCH FROM "createdAt")::float8 * 1000 AS at FROM "RunEvent"
       WHERE "runId" = $1 AND sequence > (SELECT sequence FROM "RunEvent" WHERE "runId" = $1 AND type = 'run_forked') ORDER BY sequence LIMIT 1`,
      [created.run.id],
    )
    if (!first) throw new Error(`Fork ${created.run.id} stored no event of its own.`)
    firstEventMs.push(first.at - startedAt)
    firstTypes.set(first.type, (firstTypes.get(first.type) ?? 0) + 1)
  }
  const summary = (values: number[]) => ({ median: quantile(values, 0.5), p95: quantile(values, 0.95) })
  return {
    forks: count,
    superstep: at.superstep,
    callMs: summary(callMs),
    firstEventMs: summary(firstEventMs),
    firstEventType: [...firstTypes.entries()].map(([type, n]) => `${type} ×${n}`).join(', '),
  }
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2))
  const serverUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres'
  const { bench, stop, describe } = await startBench(serverUrl, flags.workerConcurrency)
  log(`database ${describe}; worker concurrency ${flags.workerConcurrency}; ${flags.concurrency} in flight`)
  let floor: Awaited<ReturnType<typeof plainRuns>>
  let measured: ExperimentFigures
  let forked: ForkFigures
  try {
    // A warm-up, unmeasured: prepared statements, the JIT, the worker's document cache.
    await plainRuns(bench, Math.min(50, flags.runs), flags.concurrency)
    log(`plain runs: ${flags.runs}`)
    floor = await plainRuns(bench, flags.runs, flags.concurrency)
    log(`experiment: ${flags.rows} rows`)
    measured = await experiment(bench, flags.rows, flags.concurrency)
    log(`forks: ${flags.forks}`)
    forked = await forks(bench, flags.forks)
  } finally {
    await stop()
  }
  const ratio = measured.rowsPerSecond / floor.runsPerSecond
  const goals = [
    {
      goal: `experiment rows/s ≥ ${GOALS.experimentRatio} × plain runs/s`,
      measured: `${readable(measured.rowsPerSecond)} / ${readable(floor.runsPerSecond)} = ${ratio.toFixed(2)}`,
      status: ratio >= GOALS.experimentRatio ? 'met' : 'NOT MET',
    },
    {
      goal: `fork: call → first new event < ${GOALS.forkMs} ms (median; p95)`,
      measured: `${readable(forked.firstEventMs.median)} ms; ${readable(forked.firstEventMs.p95)} ms`,
      status: forked.firstEventMs.median < GOALS.forkMs ? 'met' : 'NOT MET',
    },
  ]
  const machine = machineInfo('wall')
  if (flags.json) {
    console.log(JSON.stringify({ benchmark: 'experiments', machine, flags, floor, experiment: measured, forks: forked, ratio, goals }, null, 2))
    return
  }
  printMachine(machine)
  console.log(`\nFive-node demo workflow, ${flags.concurrency} runs in flight, a worker of concurrency ${flags.workerConcurrency}, this process`)
  console.table([
    { measure: `plain runs (${flags.runs})`, 'per second': readable(floor.runsPerSecond), seconds: readable(floor.seconds) },
    {
      measure: `experiment rows (${measured.rows}, ${measured.status}, ${measured.passed} passed)`,
      'per second': readable(measured.rowsPerSecond),
      seconds: readable(measured.seconds),
    },
  ])
  console.log(
    `The finished experiment's results (ExperimentService.results, serialised as the route answers): ${readable(measured.resultsMs)} ms median, ${readable(measured.resultsBytes / 1024)} KiB`,
  )
  console.log(`Forks of a finished run at superstep ${forked.superstep}, ${forked.forks} one at a time (first new event: ${forked.firstEventType})`)
  console.table([
    { measure: 'fork call (RunForkService.create)', 'median ms': readable(forked.callMs.median), 'p95 ms': readable(forked.callMs.p95) },
    { measure: 'call → first new event stored', 'median ms': readable(forked.firstEventMs.median), 'p95 ms': readable(forked.firstEventMs.p95) },
  ])
  console.table(goals)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
