/**
 * Captures the rows one run of the bench's five-node demo workflow stores, for the storage floor
 * (bench/lib/runs/run-rows.ts explains the file): on a fresh database on the Postgres server at
 * DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres), the app's own services in
 * this process save the workflow, queue one run (RunService.create) and execute it (RunWorker,
 * demo model); its events and checkpoints are read back and written to
 * bench/lib/runs/five-node-run-rows.json. Run it again when what a run stores changes.
 *
 *   npx tsx bench/capture-run-rows.ts
 */
import { randomBytes } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { assembleAppContext } from '../lib/server/app-assembly'
import { loadWorkspaceAccess } from '../lib/server/auth/memberships'
import type { Principal } from '../lib/server/auth/principal'
import { UserService } from '../lib/server/auth/users'
import { RunService } from '../lib/server/runs/run-service'
import { RunWorker } from '../lib/server/runs/execution/run-worker'
import { WorkflowService } from '../lib/server/workflows/workflow-service'
import { openAppDatabase } from './lib/runs/app-database'
import { ROOT, freshPostgresDatabase, sleep } from './lib/runs/app-processes'
import { RUN_ROWS_FILE, parseRunRows, runRowsShape, type RunRows } from './lib/runs/run-rows'
import { fiveNodeDemoWorkflow } from './lib/runs/workflows'

/** What load.ts sends as the first run's input. */
const INPUT = 'bench run 0: say something short.'
const FINAL_TYPES = new Set(['run_succeeded', 'run_failed', 'run_cancelled'])
/** Fields of a checkpoint document that are new for every run. */
const PER_RUN_FIELDS = ['checkpointId', 'previousCheckpointId', 'timestamp']

interface EventRow {
  sequence: number
  type: string
  data: unknown
}

/** A superstep's events begin with its `superstep_started`; what comes before the first is the start executor's superstep. */
function splitIntoSupersteps(events: EventRow[]): EventRow[][] {
  const supersteps: EventRow[][] = [[]]
  for (const event of events) {
    if (event.type === 'superstep_started' && supersteps[supersteps.length - 1].length > 0) supersteps.push([])
    supersteps[supersteps.length - 1].push(event)
  }
  return supersteps
}

async function main(): Promise<void> {
  const database = await freshPostgresDatabase(process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres')
  const db = await openAppDatabase(database)
  const app = assembleAppContext(db, randomBytes(32))
  const worker = new RunWorker(app, { concurrency: 1 })
  try {
    const user = await new UserService(app).create({ email: 'capture@agentloom.test', password: `pw-${randomBytes(9).toString('hex')}`, role: 'member' })
    const principal: Principal = {
      userId: user.id,
      email: user.email,
      name: user.email,
      role: 'member',
      via: 'token',
      ...(await loadWorkspaceAccess(app.db.sql, user.id)),
    }
    const { workflow } = await new WorkflowService(db.prisma).create(principal, { name: 'bench: five-node demo', graph: fiveNodeDemoWorkflow() })
    await worker.start()
    const run = await new RunService(app).create(principal, { workflowId: workflow.id, input: INPUT })

    let events: EventRow[] = []
    for (const deadline = Date.now() + 60_000; !events.some((event) => FINAL_TYPES.has(event.type)); await sleep(50)) {
      if (Date.now() > deadline) throw new Error(`run ${run.id} did not end within 60 s`)
      events = await db.sql.query<EventRow>(`SELECT sequence, type, data FROM "RunEvent" WHERE "runId" = $1 ORDER BY sequence`, [run.id])
    }
    const [row] = await db.sql.query<{ status: string; outputs: unknown; usage: unknown; attempts: number }>(
      `SELECT status, outputs, usage, attempts FROM "Run" WHERE id = $1`,
      [run.id],
    )
    if (row.status !== 'succeeded' || row.attempts !== 1)
      throw new Error(`run ${run.id} ended ${row.status} after ${row.attempts} attempt(s): not a run to copy`)
    const checkpoints = await db.sql.query<{ data: Record<string, unknown> }>(
      `SELECT data FROM "Checkpoint" WHERE "runId" = $1 ORDER BY (data->>'iterationCount')::int`,
      [run.id],
    )

    const [queued, ...rest] = events
    const final = rest.pop()!
    if (queued.type !== 'run_queued') throw new Error(`the run's first event is ${queued.type}, not run_queued`)
    const supersteps = splitIntoSupersteps(rest)
    if (supersteps.length !== checkpoints.length) throw new Error(`${supersteps.length} supersteps of events but ${checkpoints.length} checkpoints`)
    const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim()
    const rows: RunRows = parseRunRows({
      capturedFrom: `commit ${head}, ${new Date().toISOString().slice(0, 10)}: one run of fiveNodeDemoWorkflow() by RunService.create and RunWorker (bench/capture-run-rows.ts)`,
      input: INPUT,
      supersteps: supersteps.map((superstepEvents, i) => ({
        events: superstepEvents.map(({ type, data }) => ({ type, data })),
        checkpoint: Object.fromEntries(Object.entries(checkpoints[i].data).filter(([key]) => !PER_RUN_FIELDS.includes(key))),
      })),
      final: { type: final.type, data: final.data },
      outcome: { status: row.status, outputs: row.outputs, usage: row.usage },
    })
    writeFileSync(RUN_ROWS_FILE, `${JSON.stringify(rows, null, 2)}\n`)
    console.log(`wrote ${RUN_ROWS_FILE.pathname}: ${JSON.stringify(runRowsShape(rows))}`)
  } finally {
    await worker.stop()
    await app.notifications.close()
    await db.close()
    await database.drop()
  }
}

await main()
