/**
 * The Postgres-backed run queue and the worker that drains it. Queued runs are claimed with
 * `FOR UPDATE SKIP LOCKED`, so any number of workers (in any number of processes sharing a
 * Postgres) take each run exactly once. A run whose row turns `cancelled` is aborted.
 *
 * Why not pg-boss / graphile-worker: both need a `pg` connection pool, and the embedded PGlite
 * the app runs on by default is in-process only; the queue here is the Run table itself.
 */
import { randomUUID } from 'node:crypto'
import type { AppContext } from '../app-context'
import { watchTaskCancelRequests } from '../mcp/mcp-task-cancel-watcher'
import { WorkerShutdownError } from './run-errors'
import { endRun, executeRun } from './run-executor'

const IDLE_POLL_MS = 500
/** How often a running run's row is read (for a cancel taken elsewhere) and its heartbeat refreshed. */
const CANCEL_POLL_MS = 750
/** A run whose heartbeat is older than this was cut off by a worker that died (shared Postgres). */
export const STALE_RUN_MS = 60_000
/** How often a worker looks for such runs. */
const STALE_CHECK_MS = 15_000

export interface RunWorkerOptions {
  concurrency?: number
  workerId?: string
}

export class RunWorker {
  readonly workerId: string
  private readonly concurrency: number
  private readonly active = new Map<string, { controller: AbortController; done: Promise<void> }>()
  private running = false
  private wake: (() => void) | undefined
  private loop: Promise<void> | undefined

  constructor(
    private readonly app: AppContext,
    options: RunWorkerOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4
    this.workerId = options.workerId ?? `worker-${randomUUID().slice(0, 8)}`
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.loop = this.drain()
  }

  /** Tells an idle worker that a run was queued, so it does not wait for its next poll. */
  nudge(): void {
    this.wake?.()
  }

  /**
   * Stops claiming runs and gives the active ones `graceMs` to finish; those still going then
   * end as failed ("the server stopped"), rather than being left marked as running.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.running = false
    this.nudge()
    await this.loop
    const settled = Promise.allSettled([...this.active.values()].map((a) => a.done))
    let timer: ReturnType<typeof setTimeout> | undefined
    const graceOver = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), graceMs)))
    if ((await Promise.race([settled, graceOver])) === 'timeout') {
      for (const { controller } of this.active.values()) controller.abort(new WorkerShutdownError())
      await settled
    }
    clearTimeout(timer)
  }

  private async drain(): Promise<void> {
    let nextStaleCheck = 0
    while (this.running) {
      if (this.app.db.shared && Date.now() >= nextStaleCheck) {
        nextStaleCheck = Date.now() + STALE_CHECK_MS
        await failStaleRuns(this.app).catch((error) => console.error('[worker] could not look for stale runs:', (error as Error).message))
      }
      let claimed: string | undefined
      if (this.active.size < this.concurrency) {
        claimed = await this.claim().catch((error) => {
          console.error('[worker] could not claim a run:', (error as Error).message)
          return undefined
        })
      }
      if (claimed) {
        const runId = claimed
        const controller = new AbortController()
        const done = this.process(runId, controller).finally(() => {
          this.active.delete(runId)
          this.nudge()
        })
        this.active.set(runId, { controller, done })
        continue
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, IDLE_POLL_MS)
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wake = undefined
    }
  }

  private async claim(): Promise<string | undefined> {
    const rows = await this.app.db.sql.query<{ id: string }>(
      `UPDATE "Run" SET status = 'running', "workerId" = $1, "startedAt" = now(), "heartbeatAt" = now(), "updatedAt" = now()
       WHERE id = (SELECT id FROM "Run" WHERE status = 'queued' ORDER BY "createdAt" LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [this.workerId],
    )
    return rows[0]?.id
  }

  private async process(runId: string, controller: AbortController): Promise<void> {
    this.app.activeRuns.set(runId, controller)
    // A cancel taken by another process shows up as the row's status; the same statement tells
    // other workers that this run is still alive (the database's clock, so no skew between hosts).
    const watcher = setInterval(async () => {
      const rows = await this.app.db.sql
        .query<{ status: string }>(`UPDATE "Run" SET "heartbeatAt" = now() WHERE id = $1 RETURNING status`, [runId])
        .catch(() => [])
      if (rows[0]?.status === 'cancelled') controller.abort()
    }, CANCEL_POLL_MS)
    // A person's Cancel of one long-running MCP task shows up as a run event (mcp-task-cancel.ts).
    const watchEnded = new AbortController()
    const taskCancels = watchTaskCancelRequests({ app: this.app, runId, pollMs: CANCEL_POLL_MS, signal: watchEnded.signal })
    try {
      await executeRun(this.app, runId, controller.signal)
    } catch (error) {
      // The executor records every outcome itself; getting here means recording failed (the
      // database went away mid-run, say). Try once more, so the run does not stay "running".
      console.error(`[worker] run ${runId} crashed:`, error)
      const message = `The run stopped because of an internal error: ${error instanceof Error ? error.message : String(error)}`
      await endRun(this.app, runId, { status: 'failed', outputs: [], error: message }).catch((again) => console.error(`[worker] could not record the failure of run ${runId}:`, again))
    } finally {
      clearInterval(watcher)
      watchEnded.abort()
      await taskCancels
      this.app.mcpTasks.forgetRun(runId)
      this.app.activeRuns.delete(runId)
    }
  }
}

const CUT_OFF_MESSAGE = 'The server stopped while this run was in progress.'

/**
 * With a shared database, a run is known to be cut off when its heartbeat stopped: the worker
 * holding it died (a crash, a killed container) without ending it. Any worker may then end it as
 * failed, once: the UPDATE decides, so two workers never both report it.
 */
export async function failStaleRuns(app: AppContext, staleMs = STALE_RUN_MS): Promise<string[]> {
  const rows = await app.db.sql.query<{ id: string }>(
    `UPDATE "Run" SET status = 'failed', error = $1, "finishedAt" = now(), "updatedAt" = now()
     WHERE status IN ('running', 'waiting')
       AND COALESCE("heartbeatAt", "startedAt", "createdAt") < now() - make_interval(secs => $2)
     RETURNING id`,
    [CUT_OFF_MESSAGE, staleMs / 1000],
  )
  for (const { id } of rows) {
    await app.approvals.expirePendingForRun(id, CUT_OFF_MESSAGE)
    await app.events.append(id, 'run_failed', { error: CUT_OFF_MESSAGE })
  }
  return rows.map((row) => row.id)
}

/**
 * With the embedded database only this process can have been running runs, so any run still
 * marked running or waiting was cut off when the previous process stopped.
 */
export async function failOrphanedRuns(app: AppContext): Promise<number> {
  if (app.db.shared) return 0
  const orphans = await app.db.prisma.run.findMany({ where: { status: { in: ['running', 'waiting'] } }, select: { id: true } })
  for (const { id } of orphans) {
    await app.db.prisma.run.update({ where: { id }, data: { status: 'failed', error: CUT_OFF_MESSAGE, finishedAt: new Date() } })
    await app.approvals.expirePendingForRun(id, CUT_OFF_MESSAGE)
    await app.events.append(id, 'run_failed', { error: CUT_OFF_MESSAGE })
  }
  return orphans.length
}
