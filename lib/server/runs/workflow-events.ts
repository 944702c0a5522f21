/**
 * Maps lib/core workflow events to the run events stored and streamed to browsers: plain JSON,
 * with the engine's own event names. Token usage reported by agents is summed into the run.
 */
import type { UsageDetails } from '@/lib/core'

export interface RunEventRecord {
  type: string
  data: Record<string, unknown>
  usage?: UsageDetails
}

// Status changes are implied by the run's own events; storing them adds noise, not information.
const SKIPPED = new Set(['status'])

export function toRunEvent(event: unknown): RunEventRecord | undefined {
  const json = toPlainJSON(event) as Record<string, unknown> | undefined
  if (!json || typeof json.type !== 'string' || SKIPPED.has(json.type)) return undefined
  const { type, ...data } = json
  const usage = (data.usage ?? (data.data as { usage?: unknown } | undefined)?.usage) as UsageDetails | undefined
  return { type, data, usage: usage && typeof usage === 'object' ? usage : undefined }
}

function toPlainJSON(value: unknown): unknown {
  if (value === undefined) return undefined
  return JSON.parse(JSON.stringify(value, (_key, inner) => (inner instanceof Error ? { message: inner.message, name: inner.name } : inner)))
}
