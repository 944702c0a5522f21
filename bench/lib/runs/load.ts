/**
 * Firing runs at the app with bounded concurrency (or at a steady rate), following some of them over SSE, and waiting
 * until the database says they all got where they should (finished, or parked), with a stall
 * limit: runs that stop moving are a finding, not something to wait for forever.
 */
import { Worker } from 'node:worker_threads'
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

type CreateMessage =
  | { kind: 'created'; index: number; id: string; latencyMs: number }
  | { kind: 'failed'; index: number; message: string }
  | { kind: 'done'; firstCreateAt: number; lastCreateAt: number }

/** Fires the creates from a thread of their own (create-thread.mjs) and follows every n-th run from this one. */
export async function fireRuns(api: ApiClient, options: FireOptions): Promise<FireResult> {
  const runIds: string[] = []
  const createLatenciesMs: number[] = []
  const errors = new Map<string, number>()
  const follows: Promise<FollowedRun>[] = []
  const { workflowId, count, inflight, ratePerSecond } = options
  const creates = new Worker(new URL('./create-thread.mjs', import.meta.url), {
    workerData: { url: `${api.baseUrl}/api/runs`, authorization: api.authorizationHeader, workflowId, count, inflight, ratePerSecond },
  })
  try {
    const { firstCreateAt, lastCreateAt } = await new Promise<{ firstCreateAt: number; lastCreateAt: number }>((resolve, reject) => {
      creates.on('error', reject)
      creates.on('message', (message: CreateMessage) => {
        if (message.kind === 'done') return resolve(message)
        if (message.kind === 'failed') {
          errors.set(message.message, (errors.get(message.message) ?? 0) + 1)
          return
        }
        createLatenciesMs.push(message.latencyMs)
        runIds.push(message.id)
        if (options.followEvery > 0 && message.index % options.followEvery === 0) follows.push(api.follow(message.id, options.followSignal))
      })
    })
    return { runIds, createLatenciesMs, errors, firstCreateAt, lastCreateAt, followed: Promise.all(follows) }
  } finally {
    await creates.terminate()
  }
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
