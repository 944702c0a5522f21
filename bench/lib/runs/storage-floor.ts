/**
 * The storage floor of the run-throughput benchmark: how many runs per second this machine's
 * Postgres can store at all, doing only the row work a durable run of the five-node demo workflow
 * needs, with no app logic in between. On a fresh database made like the bench's others (a database
 * on the Postgres server, or the embedded server in a fresh folder), migrated as the app migrates,
 * C connections (held for the whole measurement) each store runs one after another with the
 * statements of storage-floor-sql.ts: eight per run (per step), then one per run (the absolute
 * floor). Reported per shape: runs per second over N runs after a warm-up, CPU per run of the
 * Postgres backends serving those connections (from /proc) and of this process, and each
 * statement's time from the client. Afterwards the stored rows are counted: a floor that stored
 * less than a run stores would be no floor.
 */
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import type pg from 'pg'
import type { Database } from '../../../lib/server/db/database'
import { openAppDatabase } from './app-database'
import { cpuSeconds, freshEmbeddedDatabase, freshPostgresDatabase, type DatabaseKind } from './app-processes'
import { percentiles } from './load'
import { busyPercent, machineTicks } from './machine-load'
import { loadRunRows, runRowsShape, type RunRows } from './run-rows'
import { CheckpointChain, FloorStatements, type FloorSeed, type TakenRun } from './storage-floor-sql'
import { fiveNodeDemoWorkflow } from './workflows'

export interface FloorOptions {
  runs: number
  warmup: number
  connections: number
  /** Named (prepared) statements, parsed and planned once per connection; the app's own statements are not. */
  prepared: boolean
  /** pg_notify in the event statements, as the app does (off: what notifying costs). */
  notify: boolean
  log?: (line: string) => void
}

export const DEFAULT_FLOOR_OPTIONS: FloorOptions = { runs: 2_000, warmup: 200, connections: 8, prepared: true, notify: true }

export type FloorShapeName = 'per step' | 'one statement'

export interface FloorShape {
  shape: FloorShapeName
  runs: number
  statementsPerRun: number
  seconds: number
  runsPerSecond: number
  postgresCpuMsPerRun: number
  clientCpuMsPerRun: number
  /** What the machine's cores allow at the measured CPU per run (Postgres backends + this process). */
  coresAllowPerSecond: number
  machineBusyPercent: number
  statementMs: Record<string, ReturnType<typeof percentiles>>
  /** Takes that found no ready run free for them (another connection's claim held it): retried, and counted in statements. */
  emptyTakes: number
}

export interface StorageFloorResult {
  database: DatabaseKind
  describe: string
  connections: number
  prepared: boolean
  notify: boolean
  warmup: number
  loadAverage: { before: number[]; after: number[] }
  capturedFrom: string
  rowsPerRun: ReturnType<typeof runRowsShape>
  perStep: FloorShape
  oneStatement: FloorShape
}

/** Makes a fresh database of `kind`, measures both shapes on it, and drops it. */
export async function measureStorageFloor(kind: DatabaseKind, serverUrl: string, options: FloorOptions): Promise<StorageFloorResult> {
  const rows = loadRunRows()
  const database = kind === 'postgres' ? await freshPostgresDatabase(serverUrl) : freshEmbeddedDatabase()
  const loadBefore = os.loadavg()
  try {
    const db = await openAppDatabase(database)
    try {
      options.log?.(`storage floor on ${database.describe}: ${options.connections} connections, ${options.warmup} + ${options.runs} runs per shape`)
      const perStep = await measureShape(db, rows, 'per step', options)
      const oneStatement = await measureShape(db, rows, 'one statement', options)
      return {
        database: kind,
        describe: database.describe,
        connections: options.connections,
        prepared: options.prepared,
        notify: options.notify,
        warmup: options.warmup,
        loadAverage: { before: loadBefore, after: os.loadavg() },
        capturedFrom: rows.capturedFrom,
        rowsPerRun: runRowsShape(rows),
        perStep,
        oneStatement,
      }
    } finally {
      await db.close()
    }
  } finally {
    await database.drop()
  }
}

/** A user, and a workflow of theirs with the five-node graph as version 1. */
async function seed(db: Database, label: string): Promise<FloorSeed> {
  const [userId, workflowId] = [randomUUID(), randomUUID()]
  await db.sql.query(`INSERT INTO "User" (id, name, email, role, "updatedAt") VALUES ($1, $2, $3, 'member', now())`, [userId, label, `${userId}@floor.test`])
  await db.sql.query(`INSERT INTO "Workflow" (id, name, "ownerId", "updatedAt") VALUES ($1, $2, $3, now())`, [workflowId, `storage floor: ${label}`, userId])
  await db.sql.query(`INSERT INTO "WorkflowVersion" (id, "workflowId", version, graph, "authorId") VALUES ($1, $2, 1, $3::jsonb, $4)`, [
    randomUUID(),
    workflowId,
    JSON.stringify(fiveNodeDemoWorkflow()),
    userId,
  ])
  return { workflowId, userId, workerId: `floor-${userId.slice(0, 8)}` }
}

/** Statement times by kind, and how many statements were sent. */
class StatementClock {
  times = new Map<string, number[]>()
  sent = 0
  emptyTakes = 0

  async time<T>(kind: string, query: Promise<T>): Promise<T> {
    const started = performance.now()
    const result = await query
    const list = this.times.get(kind) ?? []
    list.push(performance.now() - started)
    this.times.set(kind, list)
    this.sent++
    return result
  }
}

type RunOne = (client: pg.PoolClient, clock: StatementClock) => Promise<void>

const MAX_EMPTY_TAKES = 100

function perStepRun(statements: FloorStatements, rows: RunRows): RunOne {
  return async (client, clock) => {
    await clock.time('create', client.query(statements.create()))
    let taken: TakenRun | undefined
    for (let attempt = 1; !taken; attempt++) {
      const [row] = (await clock.time('take', client.query<{ runId: string; lastSequence: number }>(statements.take()))).rows
      if (row) taken = { runId: row.runId, lastSequence: row.lastSequence }
      else if (attempt >= MAX_EMPTY_TAKES) throw new Error(`no run to take after ${attempt} claims`)
      else clock.emptyTakes++
    }
    const checkpoints = new CheckpointChain(rows)
    for (let i = 0; i < statements.superstepCount; i++) await clock.time('superstep', client.query(statements.superstep(taken, i, checkpoints)))
    await clock.time('end', client.query(statements.end(taken)))
  }
}

function wholeRun(statements: FloorStatements): RunOne {
  return async (client, clock) => {
    await clock.time('whole run', client.query(statements.wholeRun()))
  }
}

/** `count` runs, each connection storing one after another. */
async function drive(clients: pg.PoolClient[], count: number, runOne: RunOne, clock: StatementClock): Promise<void> {
  let next = 0
  await Promise.all(
    clients.map(async (client) => {
      while (next < count) {
        next++
        await runOne(client, clock)
      }
    }),
  )
}

async function measureShape(db: Database, rows: RunRows, shape: FloorShapeName, options: FloorOptions): Promise<FloorShape> {
  const floorSeed = await seed(db, shape)
  const statements = new FloorStatements(rows, floorSeed, options)
  const runOne = shape === 'per step' ? perStepRun(statements, rows) : wholeRun(statements)
  const pool = db.openPool(options.connections)
  const clients = await Promise.all(Array.from({ length: options.connections }, () => pool.connect()))
  try {
    const backends = await Promise.all(clients.map(async (client) => (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid))
    await drive(clients, options.warmup, runOne, new StatementClock())

    const clock = new StatementClock()
    const postgresBefore = backends.map(cpuSeconds)
    const clientBefore = process.cpuUsage()
    const ticksBefore = machineTicks()
    const started = performance.now()
    await drive(clients, options.runs, runOne, clock)
    const seconds = (performance.now() - started) / 1000
    const ticksAfter = machineTicks()
    const clientCpu = process.cpuUsage(clientBefore)
    const postgresSeconds = backends.reduce((sum, pid, i) => sum + cpuSeconds(pid) - postgresBefore[i], 0)

    await verifyStored(db, floorSeed, rows, options.warmup + options.runs)
    const postgresCpuMsPerRun = (postgresSeconds * 1000) / options.runs
    const clientCpuMsPerRun = (clientCpu.user + clientCpu.system) / 1000 / options.runs
    return {
      shape,
      runs: options.runs,
      statementsPerRun: clock.sent / options.runs,
      seconds,
      runsPerSecond: options.runs / seconds,
      postgresCpuMsPerRun,
      clientCpuMsPerRun,
      coresAllowPerSecond: (os.availableParallelism() * 1000) / (postgresCpuMsPerRun + clientCpuMsPerRun),
      machineBusyPercent: busyPercent(ticksBefore, ticksAfter),
      statementMs: Object.fromEntries([...clock.times].map(([kind, times]) => [kind, percentiles(times)])),
      emptyTakes: clock.emptyTakes,
    }
  } finally {
    for (const client of clients) client.release()
    await pool.end()
  }
}

/** Every run of the workflow finished, with all its events and checkpoints, and none is left ready. */
async function verifyStored(db: Database, floorSeed: FloorSeed, rows: RunRows, runs: number): Promise<void> {
  const shape = runRowsShape(rows)
  const lastSuperstepSequence = shape.events - 1
  const [stored] = await db.sql.query<{ runs: number; finished: number; events: number; checkpoints: number; ready: number }>(
    `SELECT count(*)::int AS runs,
       count(*) FILTER (WHERE status = $2::"RunStatus" AND "checkpointSequence" = $3 AND "finishedAt" IS NOT NULL)::int AS finished,
       (SELECT count(*)::int FROM "RunEvent" e JOIN "Run" r ON r.id = e."runId" WHERE r."workflowId" = $1) AS events,
       (SELECT count(*)::int FROM "Checkpoint" c JOIN "Run" r ON r.id = c."runId" WHERE r."workflowId" = $1) AS checkpoints,
       count(*) FILTER (WHERE "readyAt" IS NOT NULL)::int AS ready
     FROM "Run" WHERE "workflowId" = $1`,
    [floorSeed.workflowId, rows.outcome.status, lastSuperstepSequence],
  )
  const expected = { runs, finished: runs, events: runs * shape.events, checkpoints: runs * shape.checkpoints, ready: 0 }
  const wrong = Object.entries(expected).filter(([key, value]) => stored[key as keyof typeof expected] !== value)
  if (wrong.length > 0) {
    throw new Error(`the storage floor did not store what its runs should: ${JSON.stringify(stored)}, expected ${JSON.stringify(expected)}`)
  }
}
