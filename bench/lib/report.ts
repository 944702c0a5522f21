/**
 * What the peer benchmarks print: the machine, per-case measurements, and goals checked as ratios
 * between frameworks measured in the same process, on the same clock, interleaved.
 */
import os from 'node:os'
import { readable, ratioText } from './cli'
import { quantile, type Clock, type Measurement } from './measure'

export interface MachineInfo {
  node: string
  cpus: number
  cpuModel: string
  loadAverage: number[]
  clock: Clock
}

export function machineInfo(clock: Clock): MachineInfo {
  return {
    node: process.version,
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    loadAverage: os.loadavg().map(readable),
    clock,
  }
}

export interface GoalCheck {
  goal: string
  /** The measured ratio (the quantity the goal bounds). */
  ratio: number
  /** The bound: met when ratio ≤ limit. */
  limit: number
  met: boolean
  /** Set when one side was not measured (a peer not installed, --only): neither met nor missed. */
  notMeasured?: boolean
  detail: string
}

/** A goal "a ≤ limit × b", evaluated on medians. */
export function checkRatio(goal: string, numerator: Measurement | undefined, denominator: Measurement | undefined, limit: number): GoalCheck {
  if (!numerator || !denominator) {
    return { goal, ratio: Number.NaN, limit, met: false, notMeasured: true, detail: 'not measured' }
  }
  const ratio = numerator.medianMicros / denominator.medianMicros
  return {
    goal,
    ratio,
    limit,
    met: ratio <= limit,
    detail: `${readable(numerator.medianMicros)} µs vs ${readable(denominator.medianMicros)} µs (${numerator.name} / ${denominator.name})`,
  }
}

/**
 * A goal "a ≤ limit × b" for two cases measured in the same processes (one framework's sizes): the
 * ratio is taken within each process, then the median over processes. Absolute speed differs by up
 * to a third between processes on a shared VM (heap layout, neighbours), and that difference hits
 * both cases of a process alike; pooling the samples first would let it decide the ratio.
 */
export function checkPairedRatio(goal: string, numerator: Measurement | undefined, denominator: Measurement | undefined, limit: number): GoalCheck {
  const a = numerator?.processMedians
  const b = denominator?.processMedians
  if (!numerator || !denominator || !a || !b || a.length !== b.length || a.length === 0) return checkRatio(goal, numerator, denominator, limit)
  const perProcess = a.map((value, i) => value / b[i])
  const ratio = quantile(perProcess, 0.5)
  return {
    goal,
    ratio,
    limit,
    met: ratio <= limit,
    detail:
      `median of ${perProcess.length} per-process ratios (${readable(Math.min(...perProcess))}–${readable(Math.max(...perProcess))}); ` +
      `pooled medians ${readable(numerator.medianMicros)} µs vs ${readable(denominator.medianMicros)} µs`,
  }
}

export function goalRows(goals: GoalCheck[]): Array<Record<string, string>> {
  return goals.map((goal) => ({
    goal: goal.goal,
    measured: ratioText(goal.ratio),
    limit: ratioText(goal.limit),
    status: goal.notMeasured ? 'not measured' : goal.met ? 'met' : 'NOT MET',
    detail: goal.detail,
  }))
}

export function printMachine(machine: MachineInfo): void {
  console.log(
    `Node ${machine.node}, ${machine.cpus} CPUs (${machine.cpuModel}), load ${machine.loadAverage.join(' / ')}, clock: ${machine.clock === 'cpu' ? 'process CPU time' : 'wall time'}`,
  )
}
