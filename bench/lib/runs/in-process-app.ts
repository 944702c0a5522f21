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

export interface InProcessApp {
  app: AppContext
  worker: RunWorker
  principal: Principal
  /** The five-node demo workflow. */
  workflowId: string
  /**
   * Resolves when the run has ended, followed as a waiting request follows it (followRun): from the log until this
   * process's worker takes it, then through its events in memory.
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
    ended: (runId) => followRun(app, runId).then(() => undefined),
    close,
  }
}
