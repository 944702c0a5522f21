import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppContext } from '../app-context'
import type { McpTaskStatusData } from '@/lib/contracts/run-events'
import type { RunConversationForwarder } from '../tooling/conversation-forwarding'
import { RunRecorder, STATUS_HOLD_MS } from './run-recorder'

/** An event log whose appends take a while, as database round trips do; it records the order. */
function slowLog() {
  const written: string[] = []
  const events = {
    append: async (_runId: string, type: string, data: Record<string, unknown>) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      written.push(type === 'mcp_task_status' ? `status ${String(data.status)}` : type === 'tool_call' ? `call ${String(data.callId)}` : type)
    },
  }
  return { written, app: { events } as unknown as AppContext }
}

const noForwarding = { onWorkflowEvent: async () => undefined } as unknown as RunConversationForwarder

function recorder(app: AppContext, cancelled = new AbortController().signal) {
  return new RunRecorder(app, 'run-1', noForwarding, cancelled)
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
  it('writes a task status after the line of the tool call that started it, even when the status comes first', async () => {
    const { app, written } = slowLog()
    const run = recorder(app)
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
    const { app, written } = slowLog()
    const run = recorder(app)
    run.recordTaskStatus(status('working'))
    run.recordTaskStatus(status('working', 'never-streamed'))
    await vi.waitFor(() => expect(written).toEqual(['status working']))
    await run.flush()
    expect(written).toEqual(['status working', 'status working'])
  })

  it('releases a held status after STATUS_HOLD_MS', async () => {
    vi.useFakeTimers()
    const { app, written } = slowLog()
    const run = recorder(app)
    run.recordTaskStatus(status('working', 'c9'))
    await vi.advanceTimersByTimeAsync(STATUS_HOLD_MS - 1)
    expect(written).toEqual([])
    await vi.advanceTimersByTimeAsync(10)
    expect(written).toEqual(['status working'])
  })

  it('writes nothing once the run is cancelled', async () => {
    const { app, written } = slowLog()
    const cancel = new AbortController()
    const run = recorder(app, cancel.signal)
    cancel.abort()
    await run.onWorkflowEvent(toolCall('c1'))
    run.recordTaskStatus(status('working', 'c1'))
    await run.flush()
    expect(written).toEqual([])
  })
})
