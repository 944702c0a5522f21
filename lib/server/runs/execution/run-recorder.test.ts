import { afterEach, describe, expect, it, vi } from 'vitest'
import type { McpTaskStatusData } from '@/lib/contracts/run-events'
import type { RunConversationForwarder } from '../../threat-protection/conversation-forwarding'
import type { CheckpointPointers } from './checkpoint-pointers'
import type { RunEventWriter } from '../events/run-event-writer'
import { RunRecorder, STATUS_HOLD_MS } from './run-recorder'

/**
 * A writer whose stores take a while, as database round trips do; it records the order in which
 * events reach the log (the real writer keeps the order of its write() calls; see its own tests).
 */
function slowLog() {
  const written: string[] = []
  let chain: Promise<unknown> = Promise.resolve()
  const writer = {
    write: (type: string, data: Record<string, unknown>) => {
      chain = chain.then(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5))
        written.push(type === 'mcp_task_status' ? `status ${String(data.status)}` : type === 'tool_call' ? `call ${String(data.callId)}` : type)
      })
      return chain
    },
    post: (type: string, data: Record<string, unknown>, onFailed: (error: unknown) => void) => void writer.write(type, data).catch(onFailed),
    flush: () => chain,
  }
  return { written, writer: writer as unknown as RunEventWriter }
}

const noForwarding = { enabled: false, onWorkflowEvent: async () => undefined } as unknown as RunConversationForwarder
const noCheckpoints = { pointerFor: () => undefined } as unknown as CheckpointPointers

function recorder(writer: RunEventWriter, cancelled = new AbortController().signal) {
  return new RunRecorder({ runId: 'run-1', writer, forwarder: noForwarding, cancelled, checkpoints: noCheckpoints, continuing: false })
}

const toolCall = (callId: string) => ({
  type: 'agent_update',
  executorId: 'agent',
  contents: [{ type: 'function_call', callId, name: 'tasks_slow_report', arguments: '{}' }],
})

const status = (status: string, callId?: string): McpTaskStatusData => ({
  serverId: 'tasks',
  serverName: 'Tasks',
  toolName: 'slow_report',
  taskId: 't1',
  status,
  ...(callId ? { callId } : {}),
})

afterEach(() => {
  vi.useRealTimers()
})

describe('RunRecorder', () => {
  it('counts tokens on from those used before the resume point, and stores the total with the next resume point', async () => {
    const { writer } = slowLog()
    const pointedWith: unknown[] = []
    const checkpoints = { pointerFor: (_iteration: number, usage: unknown) => void pointedWith.push(usage) } as unknown as CheckpointPointers
    const run = new RunRecorder({
      runId: 'run-1',
      writer,
      forwarder: noForwarding,
      cancelled: new AbortController().signal,
      checkpoints,
      continuing: true,
      usageBefore: { inputTokenCount: 5, outputTokenCount: 7, totalTokenCount: 12 },
    })
    await run.onWorkflowEvent({ type: 'agent_response', executorId: 'a', text: 'x', usage: { inputTokenCount: 3, outputTokenCount: 1, totalTokenCount: 4 } })
    await run.onWorkflowEvent({ type: 'superstep_completed', iteration: 2 })
    expect(run.usage).toEqual({ inputTokenCount: 8, outputTokenCount: 8, totalTokenCount: 16 })
    expect(pointedWith).toEqual([{ inputTokenCount: 8, outputTokenCount: 8, totalTokenCount: 16 }])
  })

  it('writes a task status after the line of the tool call that started it, even when the status comes first', async () => {
    const { writer, written } = slowLog()
    const run = recorder(writer)
    // The workflow stream lags: two events are still being written when the task reports.
    const streamed = (async () => {
      await run.onWorkflowEvent({ type: 'executor_invoked', executorId: 'agent' })
      await run.onWorkflowEvent(toolCall('c1'))
      await run.onWorkflowEvent({ type: 'executor_completed', executorId: 'agent' })
    })()
    run.recordTaskStatus(status('working', 'c1'))
    await streamed
    run.recordTaskStatus(status('completed', 'c1'))
    await run.flush()
    expect(written).toEqual(['executor_invoked', 'call c1', 'status working', 'executor_completed', 'status completed'])
  })

  it('writes statuses without a call, or whose call never gets a line, without holding them for ever', async () => {
    const { writer, written } = slowLog()
    const run = recorder(writer)
    run.recordTaskStatus(status('working'))
    run.recordTaskStatus(status('working', 'never-streamed'))
    await vi.waitFor(() => expect(written).toEqual(['status working']))
    await run.flush()
    expect(written).toEqual(['status working', 'status working'])
  })

  it('releases a held status after STATUS_HOLD_MS', async () => {
    vi.useFakeTimers()
    const { writer, written } = slowLog()
    const run = recorder(writer)
    run.recordTaskStatus(status('working', 'c9'))
    await vi.advanceTimersByTimeAsync(STATUS_HOLD_MS - 1)
    expect(written).toEqual([])
    await vi.advanceTimersByTimeAsync(10)
    expect(written).toEqual(['status working'])
  })

  it('writes streamed text held for merging once its window closes, when no other event follows it (a model pausing mid-reply)', async () => {
    vi.useFakeTimers()
    const { writer, written } = slowLog()
    const run = recorder(writer)
    await run.onWorkflowEvent({ type: 'agent_update', executorId: 'agent', text: 'Let me ', contents: [{ type: 'text', text: 'Let me ' }] })
    await run.onWorkflowEvent({ type: 'agent_update', executorId: 'agent', text: 'look.', contents: [{ type: 'text', text: 'look.' }] })
    await vi.advanceTimersByTimeAsync(100)
    expect(written).toEqual([])
    await vi.advanceTimersByTimeAsync(100)
    expect(written).toEqual(['agent_update'])
    await run.onWorkflowEvent(toolCall('c1'))
    const flushed = run.flush()
    await vi.advanceTimersByTimeAsync(10)
    await flushed
    expect(written).toEqual(['agent_update', 'call c1'])
  })

  it('writes nothing once the run is cancelled', async () => {
    const { writer, written } = slowLog()
    const cancel = new AbortController()
    const run = recorder(writer, cancel.signal)
    cancel.abort()
    await run.onWorkflowEvent(toolCall('c1'))
    run.recordTaskStatus(status('working', 'c1'))
    await run.flush()
    expect(written).toEqual([])
  })
})
