/**
 * How the storage floor is printed: its figures per database and shape (run-storage-floor.ts and
 * run-throughput.ts), and, beside the app's completed runs per second, the ratio app/floor and
 * whether a runs-per-second goal lies above what the storage can do at all.
 */
import { readable } from '../cli'
import type { FloorShape, StorageFloorResult } from './storage-floor'

const ms = (value: number) => (Number.isFinite(value) ? readable(value) : 'n/a')

function shapes(result: StorageFloorResult): FloorShape[] {
  return [result.perStep, result.oneStatement]
}

export function printStorageFloor(results: StorageFloorResult[]): void {
  const columns = results.flatMap((result) => shapes(result).map((shape) => ({ key: `${result.database}, ${shape.shape}`, shape })))
  const rows: Record<string, Record<string, string | number>> = {}
  const add = (label: string, cell: (shape: FloorShape) => string | number) => {
    rows[label] = Object.fromEntries(columns.map(({ key, shape }) => [key, cell(shape)]))
  }
  add('runs stored per second', (s) => readable(s.runsPerSecond))
  add('statements per run', (s) => readable(s.statementsPerRun))
  add('CPU ms per run: Postgres / client', (s) => `${ms(s.postgresCpuMsPerRun)} / ${ms(s.clientCpuMsPerRun)}`)
  add('runs/s the cores allow at that CPU', (s) => readable(s.coresAllowPerSecond))
  add('machine busy', (s) => `${readable(s.machineBusyPercent)} %`)
  const kinds = [...new Set(columns.flatMap(({ shape }) => Object.keys(shape.statementMs)))]
  for (const kind of kinds) add(`${kind} ms p50 / p99`, (s) => (s.statementMs[kind] ? `${ms(s.statementMs[kind].p50)} / ${ms(s.statementMs[kind].p99)}` : '-'))
  add('empty takes (retried)', (s) => (s.shape === 'per step' ? s.emptyTakes : '-'))
  console.table(rows)
  for (const result of results) {
    const shape = result.rowsPerRun
    console.log(
      `${result.database}: ${result.describe}; ${result.connections} connections, ${result.warmup} warm-up + ${result.perStep.runs} runs per shape, ` +
        `${result.prepared ? 'prepared' : 'unprepared'} statements${result.notify ? '' : ' without pg_notify'}; load average ${result.loadAverage.before.map(readable).join(' / ')} before, ` +
        `${result.loadAverage.after.map(readable).join(' / ')} after. Per run: ${shape.events} events, ${shape.checkpoints} checkpoints ` +
        `(${readable(shape.checkpointBytes)} bytes of JSON each), rows from ${result.capturedFrom}.`,
    )
  }
}

export interface FloorComparison {
  setup: string
  appRunsPerSecond: number
  /** CPU of every process per run: the app's, Postgres' and the bench's own. */
  appCpuMsPerRun: number
  /** The app's runs' events, supersteps and checkpoints per run, to check the floor writes the same. */
  appShape: { events: number; supersteps: number; checkpoints: number }
  floor: StorageFloorResult
}

const floorCpu = (shape: FloorShape) => shape.postgresCpuMsPerRun + shape.clientCpuMsPerRun
const percent = (part: number, whole: number) => `${readable((part / whole) * 100)} %`

/** The app's completed runs/s against the floors of the same database kind, and where `goal` runs/s stands. */
export function floorComparisonRows(comparisons: FloorComparison[], goal: number): Record<string, string>[] {
  return comparisons.map(({ setup, appRunsPerSecond, appCpuMsPerRun, floor }) => ({
    setup,
    'completed runs/s': String(readable(appRunsPerSecond)),
    'storage floor runs/s: per step / one statement': `${readable(floor.perStep.runsPerSecond)} / ${readable(floor.oneStatement.runsPerSecond)}`,
    'app / floor': `${percent(appRunsPerSecond, floor.perStep.runsPerSecond)} / ${percent(appRunsPerSecond, floor.oneStatement.runsPerSecond)}`,
    'CPU ms per run: app / floor': `${readable(appCpuMsPerRun)} / ${readable(floorCpu(floor.perStep))} / ${readable(floorCpu(floor.oneStatement))}`,
    [`${goal} runs/s`]: goalAgainstFloor(goal, floor),
  }))
}

function goalAgainstFloor(goal: number, floor: StorageFloorResult): string {
  if (goal > floor.oneStatement.runsPerSecond) return 'above both floors: out of reach on this storage'
  if (goal > floor.perStep.runsPerSecond) return 'above the per-step floor: only with fewer statements per run'
  return 'below the floors'
}

/** Where the app's runs stored other numbers of rows than the floor writes (the captured run is out of date). */
export function shapeMismatches(comparisons: FloorComparison[]): string[] {
  return comparisons.flatMap(({ setup, appShape, floor }) => {
    const floorShape = floor.rowsPerRun
    const differs = (['events', 'supersteps', 'checkpoints'] as const).filter((key) => Math.abs(appShape[key] - floorShape[key]) > 0.01)
    if (differs.length === 0) return []
    const figures = differs.map((key) => `${key} ${readable(appShape[key])} vs ${floorShape[key]}`).join(', ')
    return [`${setup}: the app's runs stored other rows than the storage floor writes per run (${figures}): run \`npx tsx bench/capture-run-rows.ts\` again.`]
  })
}
