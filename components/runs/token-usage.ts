/**
 * A run's token usage for its charts, read from the `agent_response` events (each agent run's
 * usage): the totals per agent, and the running total over the run's time. Pure, for tests.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import { asRecord, eventRecord, readNumber, readString } from './event-data'

export interface AgentUsage {
  /** The agent's name as people see it (its node's title). */
  agent: string
  input: number
  output: number
  total: number
}

export interface UsageOverTime {
  /** Seconds since the run started. */
  seconds: number
  /** Tokens used by then, all agents together. */
  total: number
  /** The agent whose reply brought the total here. */
  agent: string
}

export interface RunTokenUsage {
  byAgent: AgentUsage[]
  overTime: UsageOverTime[]
}

/** One reply's counts; the total is input + output when the model reported no total. */
function countsOf(usage: Record<string, unknown>): { input: number; output: number; total: number } | null {
  const input = readNumber(usage, 'inputTokenCount') ?? 0
  const output = readNumber(usage, 'outputTokenCount') ?? 0
  const total = readNumber(usage, 'totalTokenCount') ?? input + output
  return total > 0 || input > 0 || output > 0 ? { input, output, total } : null
}

export function runTokenUsage(events: readonly RunEvent[], labelOf: (executorId: string) => string, startedAt: string | null): RunTokenUsage {
  const byAgent = new Map<string, AgentUsage>()
  const overTime: UsageOverTime[] = []
  const start = startedAt ? Date.parse(startedAt) : Number.NaN
  let running = 0
  for (const event of events) {
    if (event.type !== 'agent_response') continue
    const data = eventRecord(event)
    const usage = asRecord(data.usage)
    const counts = usage ? countsOf(usage) : null
    if (!counts) continue
    const executorId = readString(data, 'executorId')
    const agent = executorId ? labelOf(executorId) : 'Agent'
    const entry = byAgent.get(agent) ?? { agent, input: 0, output: 0, total: 0 }
    entry.input += counts.input
    entry.output += counts.output
    entry.total += counts.total
    byAgent.set(agent, entry)
    running += counts.total
    const at = Date.parse(event.createdAt)
    const seconds = Number.isFinite(start) && Number.isFinite(at) ? Math.max(0, (at - start) / 1000) : overTime.length
    overTime.push({ seconds: Math.round(seconds * 10) / 10, total: running, agent })
  }
  return { byAgent: [...byAgent.values()], overTime }
}
