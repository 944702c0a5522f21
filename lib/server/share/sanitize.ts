/**
 * What a shared (read-only, possibly public) view may show. Secrets live in McpServer.secrets
 * and never enter run data, but events and documents can still carry things like header maps
 * or environment blocks copied by a node: those keys are masked wherever they appear.
 */
import type { RunView } from '../runs/run-service'
import type { RunEventView } from '../runs/run-event-log'

const SECRET_KEY = /^(authorization|api[-_]?key|apikey|token|access[-_]?token|secret|password|headers|env|secrets|cookie)$/i
export const REDACTED = '[redacted]'

export function redactSecrets<T>(value: T, depth = 0): T {
  if (depth > 40 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1)) as T
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(inner, depth + 1)
  }
  return out as T
}

export function sanitizeEvent(event: RunEventView): RunEventView {
  return { ...event, data: redactSecrets(event.data) }
}

export function sanitizeRunView(view: RunView): RunView {
  return { run: redactSecrets(view.run), graph: redactSecrets(view.graph), approvals: view.approvals.map((a) => redactSecrets(a)) }
}
