/**
 * Measuring harness shared by the peer benchmarks. Every case is one async function doing a whole run
 * (an agent conversation, a workflow run) and a number of units per run (turns, executed nodes); the
 * result is time per unit. This module measures inside one process; bench/lib/isolated.ts runs each
 * framework in processes of its own and pools their samples.
 *
 * - Clock: the process's CPU time (user + system, all threads) by default, or wall time. On a shared
 *   machine other processes stretch wall time but barely our CPU time; the same clock applies to
 *   every framework in a run.
 * - Warm-up: each case runs until it has spent `warmupMs` (at least `minWarmupRuns` runs) before any
 *   sample is taken, so the JIT has compiled the hot paths.
 * - Batching: a sample is a batch of runs long enough (≥ `minSampleMs`, 100 ms) for the clock's
 *   resolution not to matter and to span several young-generation collections, so a sample does not
 *   swing with whether a collection happened to fall into it.
 * - Interleaving: samples are taken round-robin across the cases of a group (the sizes of one
 *   framework), so load that comes and goes on the machine hits every size alike. Rounds continue
 *   until each case has `minSamples` samples and the group has used `budgetMs`, or `maxSamples`.
 * - Slow cases: a case whose single run takes longer than `slowRunMs` (peers on the 5,000-node
 *   chain take tens of seconds per run) is warmed up with one run only — a run that long warms the
 *   JIT by itself — and sampled `slowSamples` times, so the suite finishes in minutes.
 * - Report: the median per unit, with the interquartile spread relative to the median as the noise
 *   figure.
 */

export type Clock = 'cpu' | 'wall'

export interface BenchCase {
  /** Row label. */
  name: string
  /** Units of work in one run (turns, executed nodes); the result is time per unit. */
  units: number
  run: () => Promise<unknown>
}

export interface MeasureOptions {
  clock: Clock
  warmupMs: number
  minWarmupRuns: number
  minSampleMs: number
  minSamples: number
  maxSamples: number
  /** Time the whole group may take for its samples (after warm-up), within min/max samples. */
  budgetMs: number
  /** A run longer than this makes a case "slow": one warm-up run and `slowSamples` samples. */
  slowRunMs: number
  slowSamples: number
}

export interface Measurement {
  name: string
  /** Median time per unit, µs. */
  medianMicros: number
  minMicros: number
  maxMicros: number
  /** (p75 − p25) / median, in percent. */
  spreadPercent: number
  samples: number
  runsPerSample: number
  /** Every sample, time per unit in µs. */
  values: number[]
  /** When pooled from several processes: the median of each process's samples. */
  processMedians?: number[]
}

export const defaultMeasureOptions: MeasureOptions = {
  clock: 'cpu',
  warmupMs: 400,
  minWarmupRuns: 2,
  minSampleMs: 100,
  minSamples: 5,
  maxSamples: 15,
  budgetMs: 3_000,
  slowRunMs: 5_000,
  slowSamples: 1,
}

/** A stopwatch on the chosen clock, in µs. */
export function stopwatch(clock: Clock): () => number {
  if (clock === 'wall') {
    const start = process.hrtime.bigint()
    return () => Number(process.hrtime.bigint() - start) / 1000
  }
  const start = process.cpuUsage()
  return () => {
    const used = process.cpuUsage(start)
    return used.user + used.system
  }
}

async function timeRuns(clock: Clock, run: () => Promise<unknown>, runs: number): Promise<number> {
  const elapsed = stopwatch(clock)
  for (let i = 0; i < runs; i++) await run()
  return elapsed()
}

interface SamplingPlan {
  runsPerSample: number
  slow: boolean
}

/** Warms a case up and decides how many runs one sample holds. */
async function warmUp(benchCase: BenchCase, options: MeasureOptions): Promise<SamplingPlan> {
  const total = stopwatch('wall')
  const runMicros: number[] = []
  while (runMicros.length < options.minWarmupRuns || total() < options.warmupMs * 1000) {
    const micros = await timeRuns(options.clock, benchCase.run, 1)
    if (micros > options.slowRunMs * 1000) return { runsPerSample: 1, slow: true }
    runMicros.push(micros)
  }
  // The median warm-up run: neither the cold first runs nor one that happened to hit a GC.
  const typicalRun = Math.max(quantile(runMicros, 0.5), 1)
  return { runsPerSample: Math.max(1, Math.ceil((options.minSampleMs * 1000) / typicalRun)), slow: false }
}

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const position = (sorted.length - 1) * q
  const below = Math.floor(position)
  const above = Math.ceil(position)
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below)
}

export function summarise(name: string, values: number[], runsPerSample: number): Measurement {
  const median = quantile(values, 0.5)
  return {
    name,
    medianMicros: median,
    minMicros: Math.min(...values),
    maxMicros: Math.max(...values),
    spreadPercent: median > 0 ? ((quantile(values, 0.75) - quantile(values, 0.25)) / median) * 100 : 0,
    samples: values.length,
    runsPerSample,
    values,
  }
}

/** Measures a group of cases, interleaved round by round. */
export async function measureGroup(cases: BenchCase[], overrides: Partial<MeasureOptions> = {}): Promise<Measurement[]> {
  const options = { ...defaultMeasureOptions, ...overrides }
  const plans: SamplingPlan[] = []
  for (const benchCase of cases) plans.push(await warmUp(benchCase, options))
  const perUnit = cases.map(() => [] as number[])
  const total = stopwatch('wall')
  for (let round = 0; round < options.maxSamples; round++) {
    if (round >= options.minSamples && total() >= options.budgetMs * 1000) break
    for (let i = 0; i < cases.length; i++) {
      if (plans[i].slow && perUnit[i].length >= Math.min(options.slowSamples, options.minSamples)) continue
      const micros = await timeRuns(options.clock, cases[i].run, plans[i].runsPerSample)
      perUnit[i].push(micros / (plans[i].runsPerSample * cases[i].units))
    }
  }
  return cases.map((benchCase, i) => summarise(benchCase.name, perUnit[i], plans[i].runsPerSample))
}

/** Keeps `inflight` of `total` tasks going until all are done. */
export async function withConcurrency(total: number, inflight: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < total) await task(next++)
  }
  await Promise.all(Array.from({ length: Math.min(inflight, total) }, lane))
}
