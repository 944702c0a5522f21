/**
 * Frameworks measured in processes of their own. Measured side by side in one process, frameworks
 * disturb each other: a peer's garbage is collected (partly by collector threads, which count in the
 * process's CPU time) while the next framework's samples run, and a heap grown by one framework makes
 * every collection dearer for the others — in trials this tripled Agentloom's per-turn figure next to
 * the peers. So the coordinator (the benchmark script) starts one worker process per framework
 * (`script --worker <key>`), which warms up and samples that framework's cases and prints them as
 * JSON; it does this for `rounds` rounds, rotating the order of frameworks each round so load that
 * comes and goes on a shared machine is spread over all of them, and pools the samples.
 */
import { spawn } from 'node:child_process'
import { summarise, type Measurement } from './measure'

/** What a worker prints: its measurements, or why it could not measure (a peer not installed…). */
export interface WorkerReport {
  measurements: Measurement[]
  notes: string[]
  skipped?: string
}

export function printWorkerReport(report: WorkerReport): void {
  console.log(JSON.stringify(report))
}

/** Runs `script --worker key …` under tsx (no shell) and parses its report. */
function runWorker(script: string, key: string, flags: string[]): Promise<WorkerReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--worker', key, ...flags], {
      stdio: ['ignore', 'pipe', 'inherit'],
      shell: false,
    })
    let stdout = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (code !== 0) return reject(new Error(`worker for ${key} exited with ${signal ?? `code ${code}`}`))
      try {
        resolve(JSON.parse(stdout) as WorkerReport)
      } catch {
        reject(new Error(`worker for ${key} printed no JSON report`))
      }
    })
  })
}

interface Pool {
  values: number[]
  processMedians: number[]
  runsPerSample: number
}

export interface IsolatedResult {
  /** By case name (`key@size`), pooled over all rounds. */
  measurements: Map<string, Measurement>
  notes: string[]
}

export async function measureIsolated(script: string, keys: string[], rounds: number, flags: string[], log?: (line: string) => void): Promise<IsolatedResult> {
  const pools = new Map<string, Pool>()
  const notes = new Set<string>()
  let active = [...keys]
  for (let round = 0; round < rounds; round++) {
    const order = active.map((_, i) => active[(i + round) % active.length])
    for (const key of order) {
      log?.(`round ${round + 1}/${rounds}: ${key}`)
      let report: WorkerReport
      try {
        report = await runWorker(script, key, flags)
      } catch (error) {
        report = { measurements: [], notes: [], skipped: error instanceof Error ? error.message : String(error) }
      }
      report.notes.forEach((note) => notes.add(note))
      if (report.skipped) {
        notes.add(`${key} skipped: ${report.skipped}`)
        active = active.filter((candidate) => candidate !== key)
        continue
      }
      for (const measurement of report.measurements) {
        const pool = pools.get(measurement.name) ?? { values: [], processMedians: [], runsPerSample: measurement.runsPerSample }
        pool.values.push(...measurement.values)
        pool.processMedians.push(measurement.medianMicros)
        pools.set(measurement.name, pool)
      }
    }
  }
  const measurements = new Map<string, Measurement>()
  for (const [name, pool] of pools) {
    measurements.set(name, { ...summarise(name, pool.values, pool.runsPerSample), processMedians: pool.processMedians })
  }
  return { measurements, notes: [...notes] }
}
