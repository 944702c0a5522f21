/** How the canvas benchmarks report their figures. */

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

/** The median of the rounds (between the two middle ones, to a thousandth, for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : round((sorted[middle - 1] + sorted[middle]) / 2, 3)
}
