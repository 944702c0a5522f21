/** How the experiment views write scores, deltas, costs and outputs. */

/** A score in [0, 1] as `0.83`, or as `83 %` for rates; `—` when there is none. */
export function formatScore(value: number | null | undefined, as: 'score' | 'percent' = 'score'): string {
  if (value === null || value === undefined) return '—'
  return as === 'percent' ? `${Math.round(value * 100)} %` : value.toFixed(2)
}

/** A signed delta: `+0.25`, `−0.10`, `±0` (a percent for rates, a plain number for tokens and milliseconds). */
export function formatDelta(delta: number | null | undefined, as: 'score' | 'percent' | 'count' = 'score'): string {
  if (delta === null || delta === undefined) return '—'
  if (delta === 0) return '±0'
  const sign = delta > 0 ? '+' : '−'
  const size = Math.abs(delta)
  const text = as === 'percent' ? `${Math.round(size * 100)} %` : as === 'count' ? String(Math.round(size)) : size.toFixed(2)
  return `${sign}${text}`
}

/** US dollars, with enough digits to show a fraction of a cent (a demo run costs nothing; a small call a few ten-thousandths). */
export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—'
  if (value === 0) return '$0'
  if (value < 0.01) return `$${value.toFixed(value < 0.0001 ? 6 : 4)}`
  return `$${value.toFixed(2)}`
}

/** Any value in a table cell: text as it is, other values as compact JSON, cut to `max` characters. */
export function cellPreview(value: unknown, max = 200): string {
  if (value === undefined || value === null) return ''
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
