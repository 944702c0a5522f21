/**
 * What a shared (read-only, possibly public) view may show. Secrets live in McpServer.secrets
 * and never enter run data, but events and documents can still carry things like header maps
 * or environment blocks copied by a node: those keys are masked wherever they appear.
 *
 * The agents' instructions (agent, participant, orchestrator and manager `instructions`, and any
 * system message an event carries) are the owner's work: a link shows them only when its owner
 * chose to include them. `sanitizeEvent` and `sanitizeRunView` are the only way out to a shared view.
 */
import type { RunView } from '@/lib/contracts/runs'
import type { RunEvent } from '@/lib/contracts/run-events'

const SECRET_KEY = /^(authorization|api[-_]?key|apikey|token|access[-_]?token|secret|password|headers|env|secrets|cookie)$/i
const INSTRUCTIONS_KEY = /^(instructions|system[-_]?prompt)$/i
/** Who answered a run's requests (their name, their account's id) is the owner's colleagues' business, not a link's readers'. */
const PERSON_KEY = /^decidedBy(Id)?$/
const MAX_DEPTH = 40
export const REDACTED = '[redacted]'

export interface ShareOptions {
  /** Whether the owner chose to show the agents' instructions. */
  includeInstructions: boolean
}

export function redactSecrets<T>(value: T, depth = 0): T {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1)) as T
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (PERSON_KEY.test(key)) continue
    out[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(inner, depth + 1)
  }
  return out as T
}

const isSystemMessage = (value: unknown) => typeof value === 'object' && value !== null && (value as { role?: unknown }).role === 'system'

/** Drops instruction fields and system messages at any depth. */
export function removeInstructions<T>(value: T, depth = 0): T {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.filter((item) => !isSystemMessage(item)).map((item) => removeInstructions(item, depth + 1)) as T
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (!INSTRUCTIONS_KEY.test(key)) out[key] = removeInstructions(inner, depth + 1)
  }
  return out as T
}

function forShare<T>(value: T, options: ShareOptions): T {
  const redacted = redactSecrets(value)
  return options.includeInstructions ? redacted : removeInstructions(redacted)
}

export function sanitizeEvent(event: RunEvent, options: ShareOptions): RunEvent {
  return { ...event, data: forShare(event.data, options) }
}

export function sanitizeRunView(view: RunView, options: ShareOptions): RunView {
  return { run: forShare(view.run, options), graph: forShare(view.graph, options), approvals: view.approvals.map((a) => forShare(a, options)) }
}
