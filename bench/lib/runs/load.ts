/**
 * Firing runs at the app with bounded concurrency (or at a steady rate), following some of them over SSE, and waiting
 * until the database says they all got where they should (finished, or parked), with a stall
 * limit: runs that stop moving are a finding, not something to wait for forever.
 */
import { quantile } from '../measure'
import type { ApiClient, FollowedRun } from './api-client'
import { sleep } from './app-processes'

export interface FireResult {
  runIds: string[]
  createLatenciesMs: number[]
  /** Failed creates by message (status and body start). */
  errors: Map<string, number>
  firstCreateAt: number
  lastCreateAt: number
  followed: Promise<FollowedRun[]>
}

export interface FireOptions {
  count: number
  /** Creates in flight at once (closed loop); ignored with `ratePerSecond`. */
  inflight: number
  /**
   * Open loop instead: a create every 1/rate seconds whether or not earlier ones have answered, as people arrive. Issue
   * #29's latency goals are read at half the measured throughput, which a closed loop cannot hold the app at.
   */
  ratePerSecond?: number
  workflowId: string
  /** Follow every n-th run's events (0: none). */
  followEvery: number
  followSignal: AbortSignal
}

export async function fireRuns(api: ApiClient, options: FireOptions): Promise<FireResult> {
  const runIds: string[] = []
  const createLatenciesMs: number[] = []
  const errors = new Map<string, number>()
  const follows: Promise<FollowedRun>[] = []
  let next = 0
  const firstCreateAt = Date.now()
  const createOne = async (index: number): Promise<void> => {
    const started = performance.now()
    try {
      const run = await api.createRun(options.workflowId, `bench run ${index}: say something short.`)
      createLatenciesMs.push(performance.now() - started)
      runIds.push(run.id)
      if (options.followEvery > 0 && index % options.followEvery === 0) follows.push(api.follow(run.id, options.followSignal))
    } catch (error) {
      const key = (error as Error).message.slice(0, 200)
      errors.set(key, (errors.get(key) ?? 0) + 1)
    }
  }
  if (options.ratePerSecond !== undefined) {
    const creates: Promise<void>[] = []
    for (let index = 0; index < options.count; index++) {
      // Each create at its own time from the first, so a late timer does not push every later one back.
      const wait = firstCreateAt + (index * 1000) / options.ratePerSecond - Date.now()
      if (wait > 0) await sleep(wait)
      creates.push(createOne(index))
    }
    await Promise.all(creates)
  } else {
    const createNext = async (): Promise<void> => {
      while (next < options.count) await createOne(next++)
    }
    await Promise.all(Array.from({ length: Math.min(options.inflight, options.count) }, createNext))
  }
  return { runIds, createLatenciesMs, errors, firstCreateAt, lastCreateAt: Date.now(), followed: Promise.all(follows) }
}

export interface WaitOutcome {
  /** Counts by status when the wait ended. */
  byStatus: Record<string, number>
  reached: boolean
  /** When the last change was seen (ms since epoch). */
  lastProgressAt: number
  waitedMs: number
}

/**
 * Polls `statusCounts` until `done(counts)` holds, or nothing has changed for `stallMs`.
 * `progress(counts)` is the number that must keep moving (e.g. runs finished).
 */
export async function waitForRuns(
  statusCounts: () => Promise<Record<string, number>>,
  done: (counts: Record<string, number>) => boolean,
  progress: (counts: Record<string, number>) => number,
  options: { stallMs: number; pollMs?: number; onPoll?: (counts: Record<string, number>) => void },
): Promise<WaitOutcome> {
  const started = Date.now()
  let lastProgress = -1
  let lastProgressAt = started
  for (;;) {
    const counts = await statusCounts()
    options.onPoll?.(counts)
    const moved = progress(counts)
    if (moved !== lastProgress) {
      lastProgress = moved
      lastProgressAt = Date.now()
    }
    if (done(counts)) return { byStatus: counts, reached: true, lastProgressAt, waitedMs: Date.now() - started }
    if (Date.now() - lastProgressAt > options.stallMs) return { byStatus: counts, reached: false, lastProgressAt, waitedMs: Date.now() - started }
    await sleep(options.pollMs ?? 200)
  }
}

export function percentiles(values: number[]): { p50: number; p99: number; max: number; n: number } {
  if (values.length === 0) return { p50: Number.NaN, p99: Number.NaN, max: Number.NaN, n: 0 }
  return { p50: quantile(values, 0.5), p99: quantile(values, 0.99), max: values.reduce((a, b) => Math.max(a, b), -Infinity), n: values.length }
}
