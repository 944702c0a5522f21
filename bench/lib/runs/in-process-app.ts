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

/** What the bench's side acts as and runs: made once per database by seedInProcessApp. */
export interface InProcessAppSeed {
  /** The bench's admin. */
  userId: string
  email: string
  /** The five-node demo workflow. */
  workflowId: string
  /** The installation's master key (base64), which every process of it shares. */
  masterKey: string
}

/**
 * Makes the bench's admin and the five-node demo workflow on `database`. The admin is made through Better Auth, whose
 * transaction helper enters an AsyncLocalStorage, and once one is entered Node (before 24) runs promise hooks on every
 * promise of the process from then on: a worker process (`npm run worker`) never makes anyone, so a bench that measures
 * runs as a worker executes them seeds in another process (durable-vs-dbos.ts: the coordinator) and passes the seed on.
 */
export async function seedInProcessApp(database: BenchDatabase): Promise<InProcessAppSeed> {
  const db = await openAppDatabase(database)
  try {
    const app = assembleAppContext(db, randomBytes(32))
    const seed = await seedOn(app)
    await app.notifications.close()
    return seed
  } finally {
    await db.close()
  }
}

/** The admin and the workflow, made through `app` (whose master key the seed carries). */
async function seedOn(app: AppContext): Promise<InProcessAppSeed> {
  const user = await new UserService(app).create({ email: 'bench@example.test', password: `pw-${randomBytes(9).toString('hex')}`, role: 'admin' })
  const principal = await adminPrincipal(app, user.id, user.email)
  const workflowId = (await new WorkflowService(app.db.prisma).create(principal, { name: 'Five-node demo', graph: fiveNodeDemoWorkflow() })).workflow.id
  return { userId: user.id, email: user.email, workflowId, masterKey: app.masterKey.toString('base64') }
}

async function adminPrincipal(app: AppContext, userId: string, email: string): Promise<Principal> {
  return { userId, email, name: email, role: 'admin', via: 'token', ...(await loadWorkspaceAccess(app.db.sql, userId)) }
}

/** The app on `database` with a run worker, acting as `given`'s admin (seeded here, on the same app, when not given). */
export async function startInProcessApp(database: BenchDatabase, workerConcurrency: number, given?: InProcessAppSeed): Promise<InProcessApp> {
  const db = await openAppDatabase(database)
  const app = assembleAppContext(db, given ? Buffer.from(given.masterKey, 'base64') : randomBytes(32))
  const seed = given ?? (await seedOn(app))
  const principal = await adminPrincipal(app, seed.userId, seed.email)
  const workflowId = seed.workflowId
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
