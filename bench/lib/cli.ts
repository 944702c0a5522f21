/**
 * Command-line flags common to the peer benchmarks:
 *
 *   --clock cpu|wall   what to measure (default cpu: the process's CPU time)
 *   --budget <ms>      sampling time per group of interleaved cases (default 6000)
 *   --samples <n>      minimum samples per case (default 5; at most 3× this many are taken)
 *   --quick            a smoke run: short warm-up, 3 samples, small budget
 *   --rounds <n>       processes per framework, alternated across frameworks (default 3; --quick 1)
 *   --only <names>     comma-separated framework keys to run (e.g. agentloom,langgraph)
 *   --json             print one JSON document instead of tables (used by bench/run.ts)
 *   --worker <key>     internal: measure one framework in this process and print its samples as JSON
 */
import { defaultMeasureOptions, type Clock, type MeasureOptions } from './measure'

export interface BenchArgs {
  measure: MeasureOptions
  json: boolean
  quick: boolean
  rounds: number
  only?: Set<string>
  worker?: string
  /** The flags a worker process gets: these, minus the coordinator's own (--json, --only, --rounds, --worker). */
  forwarded: string[]
}

const COORDINATOR_FLAGS_WITH_VALUE = new Set(['--only', '--rounds', '--worker'])

function forwardedFlags(argv: string[]): string[] {
  const forwarded: string[] = []
  for (let i = 0; i < argv.length; i++) {
    if (COORDINATOR_FLAGS_WITH_VALUE.has(argv[i])) i++
    else if (argv[i] !== '--json') forwarded.push(argv[i])
  }
  return forwarded
}

function flagValue(argv: string[], flag: string): string | undefined {
  const index = argv.indexOf(flag)
  return index >= 0 ? argv[index + 1] : undefined
}

function positiveNumber(argv: string[], flag: string, fallback: number): number {
  const raw = flagValue(argv, flag)
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${flag} needs a positive number, got ${JSON.stringify(raw)}.`)
  return value
}

export function parseBenchArgs(argv: string[] = process.argv.slice(2)): BenchArgs {
  const quick = argv.includes('--quick')
  const clock = flagValue(argv, '--clock') ?? 'cpu'
  if (clock !== 'cpu' && clock !== 'wall') throw new Error(`--clock must be cpu or wall, got ${JSON.stringify(clock)}.`)
  const base: MeasureOptions = quick
    ? { ...defaultMeasureOptions, warmupMs: 100, minWarmupRuns: 1, minSamples: 3, maxSamples: 3, budgetMs: 500, slowRunMs: 2_000, slowSamples: 1 }
    : defaultMeasureOptions
  const minSamples = positiveNumber(argv, '--samples', base.minSamples)
  const only = flagValue(argv, '--only')
  return {
    measure: {
      ...base,
      clock: clock as Clock,
      budgetMs: positiveNumber(argv, '--budget', base.budgetMs),
      minSamples,
      maxSamples: Math.max(minSamples, quick ? minSamples : minSamples * 3),
    },
    json: argv.includes('--json'),
    quick,
    rounds: positiveNumber(argv, '--rounds', quick ? 1 : 3),
    only: only ? new Set(only.split(',').map((name) => name.trim())) : undefined,
    worker: flagValue(argv, '--worker'),
    forwarded: forwardedFlags(argv),
  }
}

/** A numeric flag's value (`--turns 200`), or `fallback` when the flag is absent: the single-script benches' flags. */
export function numberFlag(flag: string, fallback: number, argv: string[] = process.argv): number {
  const raw = flagValue(argv, flag)
  return raw === undefined ? fallback : Number(raw)
}

/** Rounds to a readable precision: 3 significant digits, at most 2 decimals. */
export function readable(value: number): number {
  if (!Number.isFinite(value)) return value
  const magnitude = Math.abs(value)
  const decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}

/** "12.3×" or "1/45" style ratio text. */
export function ratioText(ratio: number): string {
  if (!Number.isFinite(ratio)) return 'n/a'
  return ratio >= 1 ? `${readable(ratio)}×` : `1/${readable(1 / ratio)}`
}
