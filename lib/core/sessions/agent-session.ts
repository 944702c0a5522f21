/**
 * AgentSession: the identity and state of one conversation. Context providers keep their data in
 * `state[sourceId]` (see stateFor), so a session serialises to one JSON document:
 * `{ type: 'session', sessionId, serviceSessionId, state }`.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { UserError } from '../errors'
import { toJSONValue } from './json-value'

export interface AgentSessionJSON {
  type: 'session'
  sessionId: string
  serviceSessionId: string | null
  state: Record<string, unknown>
}

export interface AgentSessionInit {
  sessionId?: string
  /** The id of a conversation kept by the model service, if any. */
  serviceSessionId?: string | null
  state?: Record<string, unknown>
}

const sessionJSONSchema = z.object({
  type: z.literal('session').optional(),
  sessionId: z.string().min(1),
  serviceSessionId: z.string().nullish(),
  state: z.record(z.string(), z.unknown()).optional(),
})

export class AgentSession {
  readonly sessionId: string
  serviceSessionId: string | undefined
  state: Record<string, unknown>

  constructor(init: AgentSessionInit = {}) {
    this.sessionId = init.sessionId ?? randomUUID()
    this.serviceSessionId = init.serviceSessionId ?? undefined
    this.state = init.state ?? {}
  }

  /** The part of the state a context provider owns (created on first use). */
  stateFor(sourceId: string): Record<string, unknown> {
    const existing = this.state[sourceId]
    if (typeof existing === 'object' && existing !== null && !Array.isArray(existing)) return existing as Record<string, unknown>
    const created: Record<string, unknown> = {}
    this.state[sourceId] = created
    return created
  }

  toJSON(): AgentSessionJSON {
    return {
      type: 'session',
      sessionId: this.sessionId,
      serviceSessionId: this.serviceSessionId ?? null,
      state: toJSONValue(this.state) as Record<string, unknown>,
    }
  }

  static fromJSON(json: unknown): AgentSession {
    const parsed = sessionJSONSchema.safeParse(json)
    if (!parsed.success) throw new UserError(`Invalid session JSON: ${z.prettifyError(parsed.error)}`)
    const { sessionId, serviceSessionId, state } = parsed.data
    return new AgentSession({ sessionId, serviceSessionId, state: structuredClone(state ?? {}) })
  }
}
