/**
 * How busy the whole machine was over a window, from /proc/stat: the machine is shared, so a
 * figure measured while it was saturated by someone else's work says so beside it.
 */
import { readFileSync } from 'node:fs'

export interface MachineTicks {
  busy: number
  total: number
}

export function machineTicks(): MachineTicks {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]
  const fields = line.trim().split(/\s+/).slice(1).map(Number)
  const idle = fields[3] + fields[4]
  const total = fields.reduce((a, b) => a + b, 0)
  return { busy: total - idle, total }
}

/** Percent of all cores' time that was not idle between two readings. */
export function busyPercent(before: MachineTicks, after: MachineTicks): number {
  return ((after.busy - before.busy) / (after.total - before.total)) * 100
}
