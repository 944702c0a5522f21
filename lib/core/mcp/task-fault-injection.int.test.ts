import { ErrorCode } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AbortError } from '../errors'
import { MCPStreamableHTTPTool } from './streamable-http-tool'
import { MCPTaskOptions } from './task-options'
import { CuttingProxy } from './testing/cutting-proxy'
import { startHttpFixture, type HttpFixture } from './testing/fixture-process'
import { recordingLogger } from './testing/recording-chat-client'

/**
 * The task lifecycle against a real task server behind a loopback proxy that cuts the connection
 * (or answers for the server) at chosen moments. The proxy's log is the server's view: how many
 * tools/call arrived, and whether tasks/cancel was sent.
 */

let server: HttpFixture
beforeAll(async () => {
  server = await startHttpFixture('task-server')
})
afterAll(async () => {
  await server?.stop()
})

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setup(taskOptions?: MCPTaskOptions) {
  const proxy = new CuttingProxy()
  await proxy.start(server.url)
  cleanups.push(() => proxy.stop())
  const logger = recordingLogger()
  const tool = new MCPStreamableHTTPTool({ name: 'reports', url: proxy.url, logger, taskOptions })
  cleanups.push(() => tool.close())
  await tool.connect()
  return { proxy, tool, logger }
}

describe('task lifecycle under fault injection (Streamable HTTP)', () => {
  it('a cut right after the augmented tools/call arrives raises "task state unknown" and never resubmits', async () => {
    const { proxy, tool } = await setup()
    proxy.addRule({ method: 'tools/call', action: { kind: 'cut' } })
    await expect(tool.callTool('slow_report', { label: 'a', durationMs: 100 })).rejects.toThrow(
      "Failed to call tool 'slow_report' - connection lost; task state unknown.",
    )
    expect(proxy.count('tools/call')).toBe(1)
    expect(proxy.count('tasks/cancel')).toBe(0)
  })

  it('a cut during polling reconnects once (same session) and finishes the same task', async () => {
    const { proxy, tool, logger } = await setup()
    proxy.addRule({ method: 'tasks/get', action: { kind: 'cut' } })
    const result = await tool.callTool('slow_report', { label: 'b', durationMs: 300 })
    expect(result.content).toEqual([{ type: 'text', text: 'report b ready (ttl=none)' }])
    expect(proxy.count('tools/call')).toBe(1)
    expect(proxy.count('initialize')).toBe(1)
    expect(logger.messages('info').filter((line) => line.startsWith('MCP connection lost during tasks/get'))).toHaveLength(1)
    const taskIds = new Set(proxy.messages.filter((m) => m.method === 'tasks/get').map((m) => m.params!.taskId))
    expect(taskIds.size).toBe(1)
    expect(proxy.count('tasks/cancel')).toBe(0)
  })

  it('a cut during tasks/result reconnects once and fetches the result of the same task', async () => {
    const { proxy, tool } = await setup()
    proxy.addRule({ method: 'tasks/result', action: { kind: 'cut' } })
    const result = await tool.callTool('slow_report', { label: 'c', durationMs: 50 })
    expect(result.content).toEqual([{ type: 'text', text: 'report c ready (ttl=none)' }])
    expect(proxy.count('tools/call')).toBe(1)
    expect(proxy.count('tasks/result')).toBe(2)
    expect(proxy.count('tasks/cancel')).toBe(0)
  })

  it('a second loss while polling gives up and sends tasks/cancel', async () => {
    const { proxy, tool } = await setup()
    proxy.addRule({ method: 'tasks/get', action: { kind: 'cut' } })
    proxy.addRule({ method: 'tasks/get', action: { kind: 'cut' } })
    await expect(tool.callTool('slow_report', { label: 'd', durationMs: 5_000 })).rejects.toThrow(/^MCP connection lost; task state unknown \(task_id=.+\)\.$/)
    expect(proxy.count('tools/call')).toBe(1)
    await expect.poll(() => proxy.count('tasks/cancel')).toBe(1)
  })

  it('a hard error while polling is abandonment: tasks/cancel is sent', async () => {
    const { proxy, tool } = await setup()
    proxy.addRule({ method: 'tasks/get', action: { kind: 'error', code: ErrorCode.InvalidParams, message: 'poll refused' } })
    await expect(tool.callTool('slow_report', { label: 'e', durationMs: 5_000 })).rejects.toThrow('poll refused')
    await expect.poll(() => proxy.count('tasks/cancel')).toBe(1)
  })

  it('a malformed tasks/get is abandonment: tasks/cancel is sent', async () => {
    const { proxy, tool } = await setup()
    proxy.addRule({ method: 'tasks/get', action: { kind: 'malformed', result: { status: 'mystery' } } })
    await expect(tool.callTool('slow_report', { label: 'f', durationMs: 5_000 })).rejects.toThrow(/malformed tasks\/get response/)
    await expect.poll(() => proxy.count('tasks/cancel')).toBe(1)
  })

  it('408 while polling keeps polling and never cancels', async () => {
    const { proxy, tool } = await setup()
    proxy.addRule({ method: 'tasks/get', action: { kind: 'error', code: 408, message: 'Request Timeout' } })
    const result = await tool.callTool('slow_report', { label: 'g', durationMs: 100 })
    expect(result.content).toEqual([{ type: 'text', text: 'report g ready (ttl=none)' }])
    expect(proxy.count('tasks/cancel')).toBe(0)
  })

  it('exceeding maxTaskWaitMs raises and cancels the remote task', async () => {
    const { proxy, tool } = await setup(new MCPTaskOptions({ maxTaskWaitMs: 300 }))
    await expect(tool.callTool('slow_report', { label: 'h', durationMs: 10_000 })).rejects.toThrow(/exceeded maxTaskWaitMs of 300ms/)
    await expect.poll(() => proxy.count('tasks/cancel')).toBe(1)
  })

  it('an aborted signal cancels the remote task, unless the option is off', async () => {
    for (const cancelRemote of [true, false]) {
      const { proxy, tool } = await setup(new MCPTaskOptions({ cancelRemoteTaskOnLocalCancellation: cancelRemote }))
      const controller = new AbortController()
      const call = tool.callTool('slow_report', { label: 'i', durationMs: 10_000 }, { signal: controller.signal })
      await expect.poll(() => proxy.count('tasks/get')).toBeGreaterThan(0)
      controller.abort()
      await expect(call).rejects.toBeInstanceOf(AbortError)
      if (cancelRemote) await expect.poll(() => proxy.count('tasks/cancel')).toBe(1)
      else {
        await tool.close()
        expect(proxy.count('tasks/cancel')).toBe(0)
      }
    }
  })

  it('terminal failures do not cancel', async () => {
    const { proxy, tool } = await setup()
    await expect(tool.callTool('slow_report', { label: 'j', durationMs: 20, outcome: 'fail' })).rejects.toThrow(/task failed/)
    await tool.close()
    expect(proxy.count('tasks/cancel')).toBe(0)
  })
})
