/**
 * The app assembled in the bench's own process on a bench database: an admin, the five-node demo workflow and a run
 * worker taking the queue, for benches that drive runs through the services (durable-vs-dbos.ts, experiments.ts).
 */
import { randomBytes } from 'node:crypto'
import { assembleAppContext } from '../../../lib/server/app-assembly'
import { type AppContext } from '../../../lib/server/app-context'
import { loadWorkspaceAccess } from '../../../lib/server/auth/memberships'
import type { Principal } from '../../../lib/server/auth/principal'
import { UserService } from '../../../lib/server/auth/users'
import { followRun } from '../../../lib/server/runs/events/run-follower'
import { RunWorker } from '../../../lib/server/runs/execution/run-worker'
import { WorkflowService } from '../../../lib/server/workflows/workflow-service'
import { openAppDatabase } from './app-database'
import type { BenchDatabase } from './app-processes'
import { fiveNodeDemoWorkflow } from './workflows'

const FINAL_EVENTS = new Set(['run_succeeded', 'run_failed', 'run_cancelled'])

export interface InProcessApp {
  app: AppContext
  worker: RunWorker
  principal: Principal
  /** The five-node demo workflow. */
  workflowId: string
  /**
   * Resolves when the run has ended. A run executing here (started with `runNow`) is followed as a waiting
   * `/v1/responses` request follows it, through its events in memory (followRun); any other by its final event,
   * heard in this process.
   */
  ended(runId: string): Promise<void>
  /** Stops the worker and closes the app's connections (the database is the caller's to drop). */
  close(): Promise<void>
}

export async function startInProcessApp(database: BenchDatabase, workerConcurrency: number): Promise<InProcessApp> {
  const db = await openAppDatabase(database)
  const app = assembleAppContext(db, randomBytes(32))
  const user = await new UserService(app).create({ email: 'bench@example.test', password: `pw-${randomBytes(9).toString('hex')}`, role: 'admin' })
  const principal: Principal = {
    userId: user.id,
    email: user.email,
    name: user.email,
    role: 'admin',
    via: 'token',
    ...(await loadWorkspaceAccess(app.db.sql, user.id)),
  }
  const workflowId = (await new WorkflowService(db.prisma).create(principal, { name: 'Five-node demo', graph: fiveNodeDemoWorkflow() })).workflow.id
  const worker = new RunWorker(app, { concurrency: workerConcurrency })
  await worker.start()
  const close = async () => {
    await worker.stop()
    await app.notifications.close()
    await db.close()
  }
  return {
    app,
    worker,
    principal,
    workflowId,
    ended: (runId) => (app.localWorker?.feedOf(runId) ? followRun(app, runId).then(() => undefined) : runEnded(app, runId)),
    close,
  }
}

/**
 * Resolves when the run has ended: woken by the worker's own announcements in this process (no follow mark, no extra
 * statement), the log checked on each.
 */
function runEnded(app: AppContext, runId: string): Promise<void> {
  return new Promise<void>((resolve) => {
    let last = 0
    let done = false
    let unsubscribe: (() => void) | undefined
    const check = async () => {
      if (done) return
      for (const event of await app.events.listAfter(runId, last, 100)) {
        last = event.sequence
        if (FINAL_EVENTS.has(event.type)) {
          done = true
          unsubscribe?.()
          resolve()
        }
      }
    }
    void app.events
      .subscribe(runId, () => void check(), { follow: false })
      .then((off) => {
        unsubscribe = off
        if (done) off()
        void check()
      })
  })
}
