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
import { executeRun } from './run-executor'

const IDLE_POLL_MS = 500
const CANCEL_POLL_MS = 750

export interface RunWorkerOptions {
  concurrency?: number
  workerId?: string
}

export class RunWorker {
  readonly workerId: string
  private readonly concurrency: number
  private readonly active = new Map<string, Promise<void>>()
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

  /** Stops claiming runs and waits for the active ones to finish. */
  async stop(): Promise<void> {
    this.running = false
    this.nudge()
    await this.loop
    await Promise.allSettled(this.active.values())
  }

  private async drain(): Promise<void> {
    while (this.running) {
      let claimed: string | undefined
      if (this.active.size < this.concurrency) {
        claimed = await this.claim().catch((error) => {
          console.error('[worker] could not claim a run:', (error as Error).message)
          return undefined
        })
      }
      if (claimed) {
        const runId = claimed
        this.active.set(runId, this.process(runId).finally(() => {
          this.active.delete(runId)
          this.nudge()
        }))
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
      `UPDATE "Run" SET status = 'running', "workerId" = $1, "startedAt" = now(), "updatedAt" = now()
       WHERE id = (SELECT id FROM "Run" WHERE status = 'queued' ORDER BY "createdAt" LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [this.workerId],
    )
    return rows[0]?.id
  }

  private async process(runId: string): Promise<void> {
    const controller = new AbortController()
    const watcher = setInterval(async () => {
      const row = await this.app.db.prisma.run.findUnique({ where: { id: runId }, select: { status: true } }).catch(() => null)
      if (row?.status === 'cancelled') controller.abort()
    }, CANCEL_POLL_MS)
    try {
      await executeRun(this.app, runId, controller.signal)
    } catch (error) {
      console.error(`[worker] run ${runId} crashed:`, error)
    } finally {
      clearInterval(watcher)
    }
  }
}

/**
 * With the embedded database only this process can have been running runs, so any run still
 * marked running or waiting was cut off when the previous process stopped.
 */
export async function failOrphanedRuns(app: AppContext): Promise<number> {
  if (app.db.shared) return 0
  const orphans = await app.db.prisma.run.findMany({ where: { status: { in: ['running', 'waiting'] } }, select: { id: true } })
  for (const { id } of orphans) {
    const message = 'The server stopped while this run was in progress.'
    await app.db.prisma.run.update({ where: { id }, data: { status: 'failed', error: message, finishedAt: new Date() } })
    await app.approvals.expirePendingForRun(id, message)
    await app.events.append(id, 'run_failed', { error: message })
  }
  return orphans.length
}
