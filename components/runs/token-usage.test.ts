import { describe, expect, it } from 'vitest'
import type { RunEvent } from '@/lib/contracts/run-events'
import { runTokenUsage } from './token-usage'

function reply(sequence: number, executorId: string, usage: Record<string, number> | undefined, second: number): RunEvent {
  return {
    sequence,
    type: 'agent_response',
    data: { executorId, text: 'x', ...(usage ? { usage } : {}) },
    createdAt: new Date(Date.UTC(2026, 0, 1, 10, 0, second)).toISOString(),
  }
}

const labelOf = (id: string) => ({ a: 'Researcher', b: 'Writer' })[id] ?? id

describe('runTokenUsage', () => {
  it('sums per agent by title and keeps a running total over the run’s seconds', () => {
    const events: RunEvent[] = [
      reply(1, 'a', { inputTokenCount: 10, outputTokenCount: 5, totalTokenCount: 15 }, 2),
      { sequence: 2, type: 'executor_completed', data: { executorId: 'a' }, createdAt: '2026-01-01T10:00:03.000Z' },
      reply(3, 'b', { inputTokenCount: 20, outputTokenCount: 10 }, 4),
      reply(4, 'a', { totalTokenCount: 7 }, 7),
      reply(5, 'b', undefined, 8),
    ]
    const usage = runTokenUsage(events, labelOf, '2026-01-01T10:00:00.000Z')
    expect(usage.byAgent).toEqual([
      { agent: 'Researcher', input: 10, output: 5, total: 22 },
      { agent: 'Writer', input: 20, output: 10, total: 30 },
    ])
    expect(usage.overTime).toEqual([
      { seconds: 2, total: 15, agent: 'Researcher' },
      { seconds: 4, total: 45, agent: 'Writer' },
      { seconds: 7, total: 52, agent: 'Researcher' },
    ])
  })

  it('is empty when no reply reported usage', () => {
    expect(runTokenUsage([reply(1, 'a', undefined, 1)], labelOf, null)).toEqual({ byAgent: [], overTime: [] })
  })
})
