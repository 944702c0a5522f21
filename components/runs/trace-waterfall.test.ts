import { describe, expect, it } from 'vitest'
import type { RunEvent } from '@/lib/contracts/run-events'
import { buildWaterfall, MIN_BAR_PERCENT } from './trace-waterfall'

const T0 = Date.parse('2026-11-27T10:00:00.000Z')
let sequence = 0
function at(ms: number, type: string, data: Record<string, unknown> = {}): RunEvent {
  return { sequence: ++sequence, type, data, createdAt: new Date(T0 + ms).toISOString() }
}

const agentRun: RunEvent[] = [
  at(0, 'run_queued', { workflowId: 'w', version: 1 }),
  at(10, 'run_started'),
  at(12, 'started'),
  at(20, 'executor_invoked', { executorId: 'start' }),
  at(25, 'executor_completed', { executorId: 'start' }),
  at(30, 'superstep_started', { iteration: 1 }),
  at(40, 'executor_invoked', { executorId: 'writer' }),
  at(300, 'tool_call', { executorId: 'writer', callId: 'c1', name: 'search', arguments: {} }),
  at(305, 'tool_call', { executorId: 'writer', callId: 'c2', name: 'fetch', arguments: {} }),
  at(500, 'tool_result', { executorId: 'writer', callId: 'c1', result: 'found' }),
  at(700, 'tool_result', { executorId: 'writer', callId: 'c2', result: 'Error', error: 'timeout' }),
  at(900, 'agent_update', { executorId: 'writer', text: 'Done.' }),
  at(950, 'agent_response', { executorId: 'writer', text: 'Done.' }),
  at(960, 'executor_completed', { executorId: 'writer' }),
  at(970, 'superstep_completed', { iteration: 1 }),
  at(1000, 'run_succeeded', { outputs: [] }),
]

describe('buildWaterfall', () => {
  it('nests run → superstep → executor → agent → tools with times from the events', () => {
    const { totalMs, rows } = buildWaterfall(agentRun, (id) => (id === 'writer' ? 'Writer' : id))
    expect(totalMs).toBe(1000)
    expect(rows.map((row) => [row.depth, row.label, row.startMs, row.durationMs, row.status])).toEqual([
      [0, 'Run', 0, 1000, 'ok'],
      [1, 'start', 20, 5, 'ok'],
      [1, 'Superstep 1', 30, 940, 'ok'],
      [2, 'Writer', 40, 920, 'ok'],
      // The agent's first visible step is its first tool call: a batch's time, not the model call's start.
      [3, 'Agent Writer', 300, 650, 'ok'],
      [4, 'Tool search', 300, 200, 'ok'],
      [4, 'Tool fetch', 305, 395, 'error'],
    ])
    const writer = rows.find((row) => row.label === 'Writer')!
    expect(writer.leftPercent).toBeCloseTo(4)
    expect(writer.widthPercent).toBeCloseTo(92)
  })

  it('keeps spans a failed executor left open as failed, and the run as failed', () => {
    const failed = [
      at(0, 'run_started'),
      at(10, 'superstep_started', { iteration: 1 }),
      at(20, 'executor_invoked', { executorId: 'a' }),
      at(30, 'tool_call', { executorId: 'a', callId: 'x', name: 'slow', arguments: {} }),
      at(80, 'executor_failed', { executorId: 'a', error: { message: 'boom', errorType: 'Error' } }),
      at(90, 'run_failed', { error: 'boom' }),
    ]
    const rows = buildWaterfall(failed).rows
    expect(rows.map((row) => [row.label, row.status, row.durationMs])).toEqual([
      ['Run', 'error', 90],
      ['Superstep 1', 'error', 80],
      ['a', 'error', 60],
      ['Agent a', 'error', 50],
      ['Tool slow', 'error', 50],
    ])
  })

  it('lets a live run reach to now, with open spans marked open', () => {
    const live = [at(0, 'run_started'), at(10, 'superstep_started', { iteration: 1 }), at(20, 'executor_invoked', { executorId: 'a' })]
    const { totalMs, rows } = buildWaterfall(live, undefined, T0 + 220)
    expect(totalMs).toBe(220)
    expect(rows.map((row) => [row.label, row.status, row.durationMs])).toEqual([
      ['Run', 'open', 220],
      ['Superstep 1', 'open', 210],
      ['a', 'open', 200],
    ])
  })

  it('pairs repeated invocations of one executor in order, and gives instant spans a visible bar', () => {
    const repeated = [
      at(0, 'run_started'),
      at(0, 'executor_invoked', { executorId: 'join' }),
      at(0, 'executor_invoked', { executorId: 'join' }),
      at(0, 'executor_completed', { executorId: 'join' }),
      at(100, 'executor_completed', { executorId: 'join' }),
      at(100, 'run_succeeded', { outputs: [] }),
    ]
    const rows = buildWaterfall(repeated).rows.filter((row) => row.kind === 'executor')
    expect(rows.map((row) => row.durationMs)).toEqual([0, 100])
    expect(rows[0].widthPercent).toBe(MIN_BAR_PERCENT)
    expect(rows[1].leftPercent + rows[1].widthPercent).toBeLessThanOrEqual(100)
  })

  it('has no rows without events', () => {
    expect(buildWaterfall([])).toEqual({ totalMs: 0, rows: [] })
  })
})
