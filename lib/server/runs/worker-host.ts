/**
 * Hosts the run worker inside the web process (the default, and the only option with the
 * embedded database). Set AGENTLOOM_WORKER=off to run web processes without one and start
 * workers separately (`npm run worker`) against a shared Postgres.
 */
import { getAppContext } from '../app-context'
import { RunWorker, failOrphanedRuns } from './run-worker'

const holder = globalThis as typeof globalThis & { __agentloomWorker?: Promise<RunWorker> }

export function workerEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.AGENTLOOM_WORKER !== 'off'
}

export function startHostedWorker(): Promise<RunWorker> {
  holder.__agentloomWorker ??= (async () => {
    const app = await getAppContext()
    const orphans = await failOrphanedRuns(app)
    if (orphans) console.warn(`[worker] marked ${orphans} run(s) failed that were cut off by the last shutdown`)
    const worker = new RunWorker(app, { concurrency: Number(process.env.AGENTLOOM_WORKER_CONCURRENCY ?? 4) })
    worker.start()
    return worker
  })()
  return holder.__agentloomWorker
}

/** Wakes this process's worker at once after a run was queued (other processes poll). */
export function nudgeWorker(): void {
  void holder.__agentloomWorker?.then((worker) => worker.nudge())
}
