import { ErrorCode, type Tool } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import { AbortError, MCPConfigurationError, ToolExecutionException } from '../errors'
import { MCPTaskOptions } from './task-options'
import { clampPollInterval, tryCancelTask, type MCPTaskStatusEvent, type TaskSessionPort } from './task-lifecycle'
import { InMemoryMCPTool } from './testing/in-memory-tool'
import { recordingLogger } from './testing/recording-chat-client'
import { progressOf, ScriptedPeer, task, textResult, type PeerAnswer, type PeerRequest } from './testing/scripted-peer'

const TOOLS: Tool[] = [
  { name: 'report', inputSchema: { type: 'object', properties: { label: { type: 'string' } } }, execution: { taskSupport: 'required' } },
  { name: 'optional', inputSchema: { type: 'object', properties: {} }, execution: { taskSupport: 'optional' } },
  { name: 'forbidden', inputSchema: { type: 'object', properties: {} }, execution: { taskSupport: 'forbidden' } },
  { name: 'plain', inputSchema: { type: 'object', properties: {} } },
]

type Queues = Partial<Record<string, Array<PeerAnswer | ((request: PeerRequest) => PeerAnswer)>>>

const DEFAULTS: Record<string, PeerAnswer> = {
  'tools/call': { result: { task: task('t1', 'working', { pollInterval: 1 }) } },
  'tasks/get': { result: task('t1', 'completed') },
  'tasks/result': { result: textResult('done') },
  'tasks/cancel': { result: task('t1', 'cancelled') },
}

/** A peer answering each method from its queue, then from DEFAULTS. */
function peer(queues: Queues = {}): ScriptedPeer {
  return new ScriptedPeer(TOOLS, (request) => {
    const next = queues[request.method]?.shift()
    if (typeof next === 'function') return next(request)
    if (next) return next
    if (request.method === 'tools/call' && request.params.task === undefined) return { result: textResult(`plain ${String(request.params.name)}`) }
    return DEFAULTS[request.method] ?? { error: { code: ErrorCode.MethodNotFound, message: 'Method not found' } }
  })
}

const open: InMemoryMCPTool[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((tool) => tool.close()))
})

async function connected(scripted: ScriptedPeer, options: Partial<ConstructorParameters<typeof InMemoryMCPTool>[0]> = {}) {
  const logger = recordingLogger()
  const tool = new InMemoryMCPTool({ name: 'tasks', logger, serverFactory: () => scripted.endpoint(), ...options })
  open.push(tool)
  await tool.connect()
  return { tool, logger }
}

const WORKING = (extra: Record<string, unknown> = {}): PeerAnswer => ({ result: task('t1', 'working', { pollInterval: 1, ...extra }) })

describe('MCPTaskOptions', () => {
  it('test_task_options_defaults_are_sane', () => {
    const options = new MCPTaskOptions()
    expect(options.defaultTtlMs).toBeUndefined()
    expect(options.cancelRemoteTaskOnLocalCancellation).toBe(true)
    expect(options.maxTaskWaitMs).toBeUndefined()
  })

  it('test_task_options_rejects_non_positive_default_ttl', () => {
    for (const value of [0, -1]) {
      expect(() => new MCPTaskOptions({ defaultTtlMs: value })).toThrow(MCPConfigurationError)
      expect(() => new MCPTaskOptions({ defaultTtlMs: value })).toThrow('MCPTaskOptions.defaultTtlMs must be positive.')
    }
  })

  it('test_mcp_task_options_is_frozen', () => {
    const options = new MCPTaskOptions({ defaultTtlMs: 1000 })
    expect(Object.isFrozen(options)).toBe(true)
    expect(() => {
      ;(options as { defaultTtlMs: number }).defaultTtlMs = 5
    }).toThrow(TypeError)
  })

  it('test_mcp_task_options_max_task_wait_rejects_non_positive', () => {
    for (const value of [0, -5]) expect(() => new MCPTaskOptions({ maxTaskWaitMs: value })).toThrow('MCPTaskOptions.maxTaskWaitMs must be positive.')
  })
})

describe('task routing', () => {
  it('test_load_tools_captures_task_support', async () => {
    const { tool } = await connected(peer())
    expect(tool.toolTaskSupport('report')).toBe('required')
    expect(tool.toolTaskSupport('optional')).toBe('optional')
    expect(tool.toolTaskSupport('forbidden')).toBe('forbidden')
    expect(tool.toolTaskSupport('plain')).toBeUndefined()
  })

  it('test_call_tool_routes_required_through_task_lifecycle', async () => {
    const scripted = peer()
    const { tool } = await connected(scripted)
    const result = await tool.callTool('report', { label: 'x', junk: 1 })
    expect(result.content).toEqual([{ type: 'text', text: 'done' }])
    expect(scripted.requests.map((request) => request.method)).toEqual(['tools/call', 'tasks/get', 'tasks/result'])
    expect(scripted.sent('tools/call')[0]!.params).toMatchObject({ name: 'report', arguments: { label: 'x' }, task: {} })
    expect(scripted.sent('tasks/get')[0]!.params).toEqual({ taskId: 't1' })
  })

  it('test_call_tool_skips_task_path_for_optional_and_forbidden', async () => {
    const scripted = peer()
    const { tool } = await connected(scripted)
    for (const name of ['optional', 'forbidden', 'plain']) {
      expect((await tool.callTool(name)).content).toEqual([{ type: 'text', text: `plain ${name}` }])
    }
    expect(scripted.sent('tools/call').every((request) => request.params.task === undefined)).toBe(true)
    expect(scripted.count('tasks/get')).toBe(0)
  })
})

describe('callTool as task (test_call_tool_as_task_*)', () => {
  it('test_call_tool_as_task_default_ttl_propagates', async () => {
    const scripted = peer()
    const { tool } = await connected(scripted, { taskOptions: new MCPTaskOptions({ defaultTtlMs: 7 * 60_000 }) })
    await tool.callTool('report', { label: 'x' })
    expect(scripted.sent('tools/call')[0]!.params.task).toEqual({ ttl: 420_000 })
  })

  it('test_call_tool_as_task_sends_empty_task_metadata_when_ttl_none', async () => {
    const scripted = peer()
    const { tool } = await connected(scripted)
    await tool.callTool('report', { label: 'x' })
    expect(scripted.sent('tools/call')[0]!.params.task).toEqual({})
  })

  it.each([
    ['cancelled', 'stopped by operator'],
    ['failed', 'disk full'],
    ['input_required', 'need a date'],
  ])('test_call_tool_as_task_%s_status_raises', async (status, message) => {
    const terminal: PeerAnswer = { result: task('t1', status, { statusMessage: message }) }
    const scripted = peer({ 'tasks/get': [terminal, terminal] })
    const { tool } = await connected(scripted)
    await expect(tool.callTool('report', { label: 'x' })).rejects.toThrow(new RegExp(`${status}.*${message}`))
    await expect(tool.callTool('report', { label: 'x' })).rejects.toThrow(ToolExecutionException)
    expect(scripted.count('tasks/cancel')).toBe(0)
  })

  it('uses the default messages for terminal statuses without a statusMessage', async () => {
    const scripted = peer({ 'tasks/get': [{ result: task('t1', 'failed') }, { result: task('t1', 'input_required') }] })
    const { tool } = await connected(scripted)
    await expect(tool.callTool('report')).rejects.toThrow("Tool 'report' task failed: MCP task ended with status 'failed'.")
    await expect(tool.callTool('report')).rejects.toThrow("Tool 'report' task input_required: MCP task requires additional input and cannot continue.")
  })

  it('test_call_tool_as_task_payload_iserror_raises', async () => {
    const scripted = peer({ 'tasks/result': [{ result: textResult('tool blew up', { isError: true }) }] })
    const { tool } = await connected(scripted)
    await expect(tool.callTool('report')).rejects.toThrow('tool blew up')
    expect(scripted.count('tasks/cancel')).toBe(0)
  })

  it('test_call_tool_as_task_malformed_payload_raises', async () => {
    const scripted = peer({ 'tasks/result': [{ result: { content: 'not a list' } }] })
    const { tool } = await connected(scripted)
    await expect(tool.callTool('report')).rejects.toThrow("MCP task 't1' result payload could not be parsed as a CallToolResult.")
    expect(scripted.count('tasks/cancel')).toBe(0)
  })

  it.each([
    ['method_not_found', ErrorCode.MethodNotFound],
    ['invalid_params', ErrorCode.InvalidParams],
  ])('test_call_tool_as_task_%s_falls_back', async (_name, code) => {
    const scripted = peer({ 'tools/call': [{ error: { code, message: 'unknown field task' } }] })
    const { tool } = await connected(scripted)
    expect((await tool.callTool('report', { label: 'x' })).content).toEqual([{ type: 'text', text: 'plain report' }])
    const calls = scripted.sent('tools/call')
    expect(calls).toHaveLength(2)
    expect(calls[0]!.params.task).toEqual({})
    expect(calls[1]!.params.task).toBeUndefined()
    expect(calls[1]!.params.arguments).toEqual({ label: 'x' })
  })

  it('test_call_tool_as_task_legacy_calltoolresult_response_used_directly', async () => {
    const scripted = peer({ 'tools/call': [{ result: textResult('legacy answer') }] })
    const { tool } = await connected(scripted)
    expect((await tool.callTool('report')).content).toEqual([{ type: 'text', text: 'legacy answer' }])
    expect(scripted.requests.map((request) => request.method)).toEqual(['tools/call'])
  })

  it('test_call_tool_as_task_poll_interval_is_clamped', () => {
    expect(clampPollInterval(50)).toBe(500)
    expect(clampPollInterval(10_000)).toBe(5_000)
    expect(clampPollInterval(undefined)).toBe(500)
    expect(clampPollInterval(null)).toBe(500)
    expect(clampPollInterval(0)).toBe(500)
    expect(clampPollInterval(2_000)).toBe(2_000)
    // The client's interval wins only when longer than the server's, within the same bounds.
    expect(clampPollInterval(1_000, 3_000)).toBe(3_000)
    expect(clampPollInterval(2_000, 600)).toBe(2_000)
    expect(clampPollInterval(undefined, 60_000)).toBe(5_000)
    expect(clampPollInterval(null, 100)).toBe(500)
  })

  it('test_call_tool_as_task_local_cancellation_fires_remote_cancel', async () => {
    const scripted = peer({ 'tasks/get': [WORKING({ pollInterval: 5_000 })] })
    const controller = new AbortController()
    const { tool } = await connected(scripted, {
      onTaskStatus: (event) => {
        if (event.status === 'working') controller.abort()
      },
    })
    await expect(tool.callTool('report', {}, { signal: controller.signal })).rejects.toBeInstanceOf(AbortError)
    await expect.poll(() => scripted.count('tasks/cancel')).toBe(1)
    expect(scripted.sent('tasks/cancel')[0]!.params).toEqual({ taskId: 't1' })
  })

  it('test_call_tool_as_task_cancellation_suppressed_when_disabled', async () => {
    const scripted = peer({ 'tasks/get': [WORKING({ pollInterval: 5_000 })] })
    const controller = new AbortController()
    const { tool } = await connected(scripted, {
      taskOptions: new MCPTaskOptions({ cancelRemoteTaskOnLocalCancellation: false }),
      onTaskStatus: (event) => {
        if (event.status === 'working') controller.abort()
      },
    })
    await expect(tool.callTool('report', {}, { signal: controller.signal })).rejects.toBeInstanceOf(AbortError)
    await tool.close()
    expect(scripted.count('tasks/cancel')).toBe(0)
  })

  it('test_call_tool_as_task_reconnects_during_poll', async () => {
    const scripted = peer({ 'tasks/get': [{ drop: true }] })
    const { tool, logger } = await connected(scripted)
    expect((await tool.callTool('report')).content).toEqual([{ type: 'text', text: 'done' }])
    expect(scripted.connections).toBe(2)
    expect(scripted.count('tools/call')).toBe(1)
    expect(scripted.sent('tasks/get').map((request) => request.params.taskId)).toEqual(['t1', 't1'])
    expect(logger.messages('info')).toContain('MCP connection lost during tasks/get; reconnecting (task_id=t1).')
  })

  it('test_call_tool_as_task_second_disconnect_raises_connection_lost', async () => {
    const scripted = peer({ 'tasks/get': [{ drop: true }, { drop: true }] })
    const { tool } = await connected(scripted)
    await expect(tool.callTool('report')).rejects.toThrow('MCP connection lost; task state unknown (task_id=t1).')
    expect(scripted.count('tools/call')).toBe(1)
    expect(scripted.connections).toBe(2)
  })

  it('test_call_tool_as_task_create_disconnect_does_not_retry', async () => {
    const scripted = peer({ 'tools/call': [{ drop: true }] })
    const { tool } = await connected(scripted)
    await expect(tool.callTool('report')).rejects.toThrow("Failed to call tool 'report' - connection lost; task state unknown.")
    expect(scripted.count('tools/call')).toBe(1)
    expect(scripted.count('tasks/cancel')).toBe(0)
  })

  it('test_call_tool_as_task_create_unparseable_success_raises', async () => {
    const scripted = peer({ 'tools/call': [{ result: { something: 'else' } }] })
    const { tool } = await connected(scripted)
    await expect(tool.callTool('report')).rejects.toThrow(
      "MCP server returned an unparseable response to augmented tools/call for 'report'; cannot safely retry (server may have started the operation).",
    )
    expect(scripted.count('tools/call')).toBe(1)
  })

  it('test_call_tool_as_task_max_wait_exceeded_raises_and_cancels', async () => {
    const scripted = peer({ 'tasks/get': Array.from({ length: 50 }, () => WORKING()) })
    const { tool } = await connected(scripted, { taskOptions: new MCPTaskOptions({ maxTaskWaitMs: 150 }) })
    await expect(tool.callTool('report')).rejects.toThrow("MCP task 't1' exceeded maxTaskWaitMs of 150ms.")
    await expect.poll(() => scripted.count('tasks/cancel')).toBe(1)
  })

  it('test_call_tool_as_task_max_wait_cancels_even_when_local_cancel_option_disabled', async () => {
    const scripted = peer({ 'tasks/get': Array.from({ length: 50 }, () => WORKING()) })
    const { tool } = await connected(scripted, {
      taskOptions: new MCPTaskOptions({ maxTaskWaitMs: 150, cancelRemoteTaskOnLocalCancellation: false }),
    })
    await expect(tool.callTool('report')).rejects.toThrow(/exceeded maxTaskWaitMs/)
    await expect.poll(() => scripted.count('tasks/cancel')).toBe(1)
  })

  it('test_call_tool_as_task_poll_transient_request_timeout_keeps_polling', async () => {
    const scripted = peer({
      'tasks/get': [{ error: { code: 408, message: 'Request Timeout' } }, { error: { code: ErrorCode.RequestTimeout, message: 'timed out' } }],
    })
    const { tool } = await connected(scripted)
    expect((await tool.callTool('report')).content).toEqual([{ type: 'text', text: 'done' }])
    expect(scripted.count('tasks/get')).toBe(3)
    expect(scripted.count('tasks/cancel')).toBe(0)
  })

  it('test_call_tool_as_task_poll_hard_mcperror_cancels_and_raises', async () => {
    const scripted = peer({ 'tasks/get': [{ error: { code: ErrorCode.InvalidParams, message: 'bad task' } }] })
    const { tool } = await connected(scripted)
    await expect(tool.callTool('report')).rejects.toThrow('bad task')
    await expect.poll(() => scripted.count('tasks/cancel')).toBe(1)
  })

  it('test_call_tool_as_task_malformed_tasks_get_response_cancels_and_raises', async () => {
    const scripted = peer({ 'tasks/get': [{ result: { status: 42 } }] })
    const { tool } = await connected(scripted)
    await expect(tool.callTool('report')).rejects.toThrow("MCP server returned a malformed tasks/get response for task 't1'.")
    await expect.poll(() => scripted.count('tasks/cancel')).toBe(1)
  })

  it('test_call_tool_as_task_failed_terminal_does_not_cancel', async () => {
    const scripted = peer({ 'tasks/get': [{ result: task('t1', 'failed', { statusMessage: 'boom' }) }] })
    const { tool } = await connected(scripted)
    await expect(tool.callTool('report')).rejects.toThrow("Tool 'report' task failed: boom")
    await tool.close()
    expect(scripted.count('tasks/cancel')).toBe(0)
  })

  it('tolerates a tasks/get without ttl and reports every status change', async () => {
    const events: MCPTaskStatusEvent[] = []
    const { ttl: _ttl, ...withoutTtl } = task('t1', 'working', { pollInterval: 1, statusMessage: '50%' })
    const scripted = peer({ 'tasks/get': [{ result: withoutTtl }, WORKING({ statusMessage: '90%' })] })
    const { tool } = await connected(scripted, { onTaskStatus: (event) => events.push(event) })
    await tool.callTool('report')
    expect(events.map((event) => [event.status, event.statusMessage])).toEqual([
      ['working', undefined],
      ['working', '50%'],
      ['working', '90%'],
      ['completed', undefined],
    ])
    expect(events.every((event) => !('callId' in event))).toBe(true)
  })

  it('tells the progress the server notified right behind the task it created, once it knows the task', async () => {
    const events: MCPTaskStatusEvent[] = []
    const scripted = peer({
      'tools/call': [
        (request) => ({
          result: { task: task('t1', 'working', { pollInterval: 1 }) },
          thenNotify: [progressOf(request, 1, 4, 'step 1'), progressOf(request, 2, 4, 'step 2')],
        }),
      ],
      'tasks/get': [WORKING(), { result: task('t1', 'completed') }],
    })
    const { tool } = await connected(scripted, { onTaskStatus: (event) => events.push(event) })
    await tool.callTool('report')
    expect(events.map((event) => [event.status, event.progress, event.statusMessage])).toEqual([
      ['working', undefined, undefined],
      ['working', 1, 'step 1'],
      ['working', 2, 'step 2'],
      ['completed', 2, undefined],
    ])
  })

  it('names the function call that started the task, when an agent called the tool', async () => {
    const events: MCPTaskStatusEvent[] = []
    const { tool } = await connected(peer(), { onTaskStatus: (event) => events.push(event) })
    const report = tool.functions.find((fn) => fn.name === 'report')!
    await report.invoke({ label: 'q3' }, { callId: 'call-7' })
    expect(events.map((event) => [event.status, event.callId])).toEqual([
      ['working', 'call-7'],
      ['completed', 'call-7'],
    ])
  })
})

describe('tasks/result and cancellation', () => {
  it('test_fetch_task_result_reconnects_during_fetch', async () => {
    const scripted = peer({ 'tasks/result': [{ drop: true }] })
    const { tool } = await connected(scripted)
    expect((await tool.callTool('report')).content).toEqual([{ type: 'text', text: 'done' }])
    expect(scripted.count('tasks/result')).toBe(2)
    expect(scripted.count('tools/call')).toBe(1)
    expect(scripted.connections).toBe(2)
  })

  it('test_fetch_task_result_second_disconnect_raises_task_state_unknown_and_cancels', async () => {
    const scripted = peer({ 'tasks/result': [{ drop: true }, { drop: true }] })
    const { tool, logger } = await connected(scripted)
    await expect(tool.callTool('report')).rejects.toThrow('MCP connection lost; task state unknown (task_id=t1).')
    // The cancel is attempted; the connection it would use is gone, so it can only be logged.
    await expect
      .poll(() => logger.messages('warn').some((line) => line.startsWith("Best-effort tasks/cancel for 't1'")) || scripted.count('tasks/cancel') === 1)
      .toBe(true)
  })

  it('test_fetch_task_result_hard_mcperror_raises_without_cancel', async () => {
    const scripted = peer({ 'tasks/result': [{ error: { code: ErrorCode.InternalError, message: 'result store broken' } }] })
    const { tool } = await connected(scripted)
    await expect(tool.callTool('report')).rejects.toThrow('result store broken')
    await tool.close()
    expect(scripted.count('tasks/cancel')).toBe(0)
  })

  it('test_try_cancel_task_logs_warning_on_timeout', async () => {
    const logger = recordingLogger()
    const port: TaskSessionPort = {
      serverName: 's',
      logger,
      generation: 0,
      send: () => new Promise(() => {}),
      reconnect: async () => {},
      plainCall: async () => ({ content: [] }),
      track: () => {},
    }
    expect(await tryCancelTask(port, 't9', 30)).toBe(false)
    expect(logger.messages('warn')).toEqual(["Best-effort tasks/cancel for 't9' timed out after 0.0s; remote task may still be running."])
  })

  it('cancelTask says whether the server accepted the cancel, and only logs a refusal', async () => {
    const scripted = peer({ 'tasks/cancel': [{ result: task('t1', 'cancelled') }, { error: { code: ErrorCode.InvalidParams, message: 'no such task' } }] })
    const { tool, logger } = await connected(scripted)
    expect(await tool.cancelTask('t1')).toBe(true)
    expect(await tool.cancelTask('t2')).toBe(false)
    expect(scripted.sent('tasks/cancel').map((request) => request.params)).toEqual([{ taskId: 't1' }, { taskId: 't2' }])
    expect(logger.messages('warn')).toEqual(["Best-effort tasks/cancel for 't2' failed; remote task may still be running."])
  })

  it('test_completion_wait_timeout_without_max_wait_is_not_translated', async () => {
    const scripted = peer({ 'tasks/result': [{ hang: true }] })
    const { tool } = await connected(scripted, { requestTimeoutMs: 100 })
    const failure = (await tool.callTool('report').catch((error: unknown) => error)) as Error
    expect(failure.message).toMatch(/Request timed out/)
    expect(failure.message).not.toMatch(/maxTaskWaitMs/)
  })

  it('test_completion_wait_inner_timeout_with_max_wait_set_propagates', async () => {
    const scripted = peer({ 'tasks/result': [{ hang: true }] })
    const { tool } = await connected(scripted, { requestTimeoutMs: 100, taskOptions: new MCPTaskOptions({ maxTaskWaitMs: 60_000 }) })
    const failure = (await tool.callTool('report').catch((error: unknown) => error)) as Error
    expect(failure.message).toMatch(/Request timed out/)
    expect(failure.message).not.toMatch(/maxTaskWaitMs/)
    expect(scripted.count('tasks/cancel')).toBe(0)
  })

  it('test_max_wait_interrupts_long_poll_sleep', async () => {
    const scripted = peer({ 'tasks/get': [WORKING({ pollInterval: 60_000 })] })
    const { tool } = await connected(scripted, { taskOptions: new MCPTaskOptions({ maxTaskWaitMs: 100 }) })
    await expect(tool.callTool('report')).rejects.toThrow("MCP task 't1' exceeded maxTaskWaitMs of 100ms.")
    expect(scripted.count('tasks/get')).toBe(1)
  })

  it('a failed reconnect while polling is abandonment', async () => {
    const scripted = peer({ 'tasks/get': [{ drop: true }] })
    let connections = 0
    const logger = recordingLogger()
    const tool = new InMemoryMCPTool({
      name: 'tasks',
      logger,
      serverFactory: () => {
        connections += 1
        if (connections > 1) throw new Error('server gone')
        return scripted.endpoint()
      },
    })
    open.push(tool)
    await tool.connect()
    await expect(tool.callTool('report')).rejects.toThrow('Failed to reconnect to MCP server.')
    await expect.poll(() => logger.messages('warn').some((line) => line.startsWith("Best-effort tasks/cancel for 't1'"))).toBe(true)
  })
})
