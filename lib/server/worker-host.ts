/**
 * Hosts the run worker inside the web process (the default). Set AGENTLOOM_WORKER=off to run web
 * processes without one and start workers separately (`npm run worker`); any number of them can
 * share the database, the embedded PostgreSQL server included. A run left by a process that
 * stopped is resumed by whichever worker sees its lease lapse.
 */
import { getAppContext } from './app-assembly'
import { pgIntParam } from '@/lib/contracts/safe-text'
import { DEFAULT_LEASE_MS, RunWorker } from './runs/execution/run-worker'

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

/**
 * AGENTLOOM_RUN_LEASE_MS: how long a run's lease lasts without renewal before another worker takes
 * the run over (default 15 s). Shorter means faster recovery from a dead worker and more renewals.
 */
export function runLeaseMsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env, logger: Pick<Console, 'warn'> = console): number {
  const raw = env.AGENTLOOM_RUN_LEASE_MS
  if (raw === undefined || raw.trim() === '') return DEFAULT_LEASE_MS
  const parsed = pgIntParam.safeParse(raw)
  if (parsed.success && parsed.data >= 300) return parsed.data
  logger.warn(`[worker] AGENTLOOM_RUN_LEASE_MS must be a whole number of milliseconds, at least 300, not '${raw}'; using ${DEFAULT_LEASE_MS}.`)
  return DEFAULT_LEASE_MS
}

export function startHostedWorker(): Promise<RunWorker> {
  holder.__agentloomWorker ??= (async () => {
    const app = await getAppContext()
    const worker = new RunWorker(app, { concurrency: workerConcurrencyFromEnv(), leaseMs: runLeaseMsFromEnv() })
    await worker.start()
    return worker
  })()
  return holder.__agentloomWorker
}

/** Gives the hosted worker's runs back to the queue (after `graceMs` for them to finish); nothing if none was started. */
export async function stopHostedWorker(graceMs: number): Promise<void> {
  const worker = await holder.__agentloomWorker
  await worker?.stop(graceMs)
}
