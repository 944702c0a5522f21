/** Small, locale-stable formatters for the run views. */
import { formatDateTime } from '@/components/ui/date-time'
import type { TokenUsage } from '@/lib/contracts/runs'

/** "850 ms", "12.3 s", "2 m 05 s", "1 h 02 m". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—'
  if (ms < 1_000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1_000).toFixed(ms < 10_000 ? 2 : 1)} s`
  const totalSeconds = Math.floor(ms / 1_000)
  const hours = Math.floor(totalSeconds / 3_600)
  const minutes = Math.floor((totalSeconds % 3_600) / 60)
  const seconds = totalSeconds % 60
  if (hours > 0) return `${hours} h ${pad2(minutes)} m`
  return `${minutes} m ${pad2(seconds)} s`
}

/** The time between two ISO timestamps (or until `now`), formatted; '—' when unknown. */
export function formatElapsed(from: string | null, to: string | null, now = Date.now()): string {
  if (!from) return '—'
  const start = Date.parse(from)
  const end = to ? Date.parse(to) : now
  return formatDuration(end - start)
}

/** "+1.25 s" relative to the run's start, for timeline rows. */
export function formatOffset(iso: string, startIso: string | null): string {
  if (!startIso) return formatDateTime(iso).slice(11)
  const offset = Date.parse(iso) - Date.parse(startIso)
  if (!Number.isFinite(offset)) return ''
  return offset < 0 ? `−${formatDuration(-offset)}` : `+${formatDuration(offset)}`
}

export function formatCount(value: number): string {
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** "1,204 in · 318 out · 1,522 total"; null when the run reported no usage. */
export function formatTokenUsage(usage: TokenUsage | null | undefined): string | null {
  if (!usage) return null
  const parts: string[] = []
  if (typeof usage.inputTokenCount === 'number') parts.push(`${formatCount(usage.inputTokenCount)} in`)
  if (typeof usage.outputTokenCount === 'number') parts.push(`${formatCount(usage.outputTokenCount)} out`)
  if (typeof usage.totalTokenCount === 'number') parts.push(`${formatCount(usage.totalTokenCount)} total`)
  return parts.length > 0 ? parts.join(' · ') : null
}

/** One-line JSON, cut to `max` characters with an ellipsis. */
export function compactJson(value: unknown, max = 120): string {
  let text: string
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  } catch {
    text = String(value)
  }
  return truncate(text.replace(/\s+/g, ' '), max)
}

export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value)
  } catch {
    return String(value)
  }
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`
}

/** An output as a person reads it: text as is, `{ text }` objects by their text, anything else as JSON. */
export function outputText(output: unknown): string {
  if (typeof output === 'string') return output
  if (typeof output === 'object' && output !== null && typeof (output as { text?: unknown }).text === 'string') {
    return (output as { text: string }).text
  }
  return prettyJson(output)
}

/** "Task research_search: working — 40% done": one line per status change of a long-running MCP task. */
export function formatTaskStatus(toolName: string, status: string, statusMessage?: string, maxMessage = 120): string {
  const line = `Task ${toolName}: ${status.replace(/_/g, ' ')}`
  const message = statusMessage?.replace(/\s+/g, ' ').trim()
  return message ? `${line} — ${truncate(message, maxMessage)}` : line
}

function pad2(value: number): string {
  return value.toString().padStart(2, '0')
}
