/**
 * Hosts the run worker inside the web process (the default). Set AGENTLOOM_WORKER=off to run web
 * processes without one and start workers separately (`npm run worker`); any number of them can
 * share the database, the embedded PostgreSQL server included.
 */
import { getAppContext } from '../app-context'
import { pgIntParam } from '@/lib/contracts/safe-text'
import { RunWorker, failOrphanedRuns } from './run-worker'

const holder = globalThis as typeof globalThis & { __agentloomWorker?: Promise<RunWorker> }

export function workerEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.AGENTLOOM_WORKER !== 'off'
}

export const DEFAULT_WORKER_CONCURRENCY = 4

/**
 * AGENTLOOM_WORKER_CONCURRENCY: how many runs one worker executes at once, a positive whole number.
 * Anything else is reported and the default used (a NaN here would make the worker claim nothing).
 */
export function workerConcurrencyFromEnv(env: Readonly<Record<string, string | undefined>> = process.env, logger: Pick<Console, 'warn'> = console): number {
  const raw = env.AGENTLOOM_WORKER_CONCURRENCY
  if (raw === undefined || raw.trim() === '') return DEFAULT_WORKER_CONCURRENCY
  const parsed = pgIntParam.safeParse(raw)
  if (parsed.success) return parsed.data
  logger.warn(`[worker] AGENTLOOM_WORKER_CONCURRENCY must be a positive whole number, not '${raw}'; using ${DEFAULT_WORKER_CONCURRENCY}.`)
  return DEFAULT_WORKER_CONCURRENCY
}

export function startHostedWorker(): Promise<RunWorker> {
  holder.__agentloomWorker ??= (async () => {
    const app = await getAppContext()
    const orphans = await failOrphanedRuns(app)
    if (orphans) console.warn(`[worker] marked ${orphans} run(s) failed that were cut off by the last shutdown`)
    const worker = new RunWorker(app, { concurrency: workerConcurrencyFromEnv() })
    worker.start()
    return worker
  })()
  return holder.__agentloomWorker
}

/** Wakes this process's worker at once after a run was queued (other processes poll). */
export function nudgeWorker(): void {
  void holder.__agentloomWorker?.then((worker) => worker.nudge())
}
