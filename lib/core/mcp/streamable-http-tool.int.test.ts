import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MCPConnectionException } from '../errors'
import { MCPStreamableHTTPTool, type MCPStreamableHTTPToolOptions } from './streamable-http-tool'
import { MCPTaskOptions } from './task-options'
import type { MCPTaskStatusEvent } from './task-lifecycle'
import { CuttingProxy } from './testing/cutting-proxy'
import { startHttpFixture, type HttpFixture } from './testing/fixture-process'
import { RecordingChatClient, recordingLogger, textResponse } from './testing/recording-chat-client'

let tasks: HttpFixture
let sampling: HttpFixture
beforeAll(async () => {
  ;[tasks, sampling] = await Promise.all([startHttpFixture('task-server'), startHttpFixture('sampling-server')])
})
afterAll(async () => {
  await Promise.all([tasks?.stop(), sampling?.stop()])
})

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function httpTool(options: Partial<MCPStreamableHTTPToolOptions> & { url: string }): MCPStreamableHTTPTool {
  const tool = new MCPStreamableHTTPTool({ name: 'http', logger: recordingLogger(), ...options })
  cleanups.push(() => tool.close())
  return tool
}

async function proxyTo(url: string): Promise<CuttingProxy> {
  const proxy = new CuttingProxy()
  await proxy.start(url)
  cleanups.push(() => proxy.stop())
  return proxy
}

describe('MCPStreamableHTTPTool against a real server on 127.0.0.1', () => {
  it('lists tools, records task support and calls a plain tool', async () => {
    const tool = httpTool({ url: tasks.url })
    await tool.connect()
    expect(tool.functions.map((fn) => fn.name).sort()).toEqual(['maybe_task', 'plain_echo', 'slow_report'])
    const result = await tool.callTool('plain_echo', { text: 'hi', ignored: 1 })
    expect(result.content).toEqual([{ type: 'text', text: 'hi' }])
  })

  it('runs a task-required tool through tools/call → tasks/get → tasks/result and reports status', async () => {
    const proxy = await proxyTo(tasks.url)
    const events: MCPTaskStatusEvent[] = []
    const tool = httpTool({
      url: proxy.url,
      taskOptions: new MCPTaskOptions({ defaultTtlMs: 7 * 60_000 }),
      onTaskStatus: (event) => events.push(event),
    })
    await tool.connect()
    const result = await tool.callTool('slow_report', { label: 'q3', durationMs: 200 })
    expect(result.content).toEqual([{ type: 'text', text: 'report q3 ready (ttl=420000)' }])
    const call = proxy.messages.find((message) => message.method === 'tools/call')!
    expect(call.params!.task).toEqual({ ttl: 420_000 })
    expect(proxy.count('tasks/get')).toBeGreaterThanOrEqual(1)
    expect(proxy.count('tasks/result')).toBe(1)
    expect(events[0]).toMatchObject({ serverName: 'http', toolName: 'slow_report', status: 'working' })
    expect(events.at(-1)!.status).toBe('completed')
  })

  it('surfaces failed and isError tasks without cancelling them', async () => {
    const proxy = await proxyTo(tasks.url)
    const tool = httpTool({ url: proxy.url })
    await tool.connect()
    await expect(tool.callTool('slow_report', { label: 'x', durationMs: 50, outcome: 'fail' })).rejects.toThrow(/^Tool 'slow_report' task failed: /)
    await expect(tool.callTool('slow_report', { label: 'y', durationMs: 50, outcome: 'error' })).rejects.toThrow('report y broke')
    expect(proxy.count('tasks/cancel')).toBe(0)
  })

  it('calls optional task tools with a plain tools/call', async () => {
    const proxy = await proxyTo(tasks.url)
    const tool = httpTool({ url: proxy.url })
    await tool.connect()
    const result = await tool.callTool('maybe_task', { label: 'z' })
    expect(result.content).toEqual([{ type: 'text', text: 'task z' }])
    expect(proxy.messages.find((message) => message.method === 'tools/call')!.params!.task).toBeUndefined()
  })

  it('sends headerProvider headers (from the call kwargs) to the server origin', async () => {
    const proxy = await proxyTo(tasks.url)
    const seen: Array<Record<string, unknown>> = []
    const tool = httpTool({
      url: proxy.url,
      headers: { 'x-static': 'static' },
      headerProvider: (kwargs) => {
        seen.push({ ...kwargs })
        return typeof kwargs.apiKey === 'string' ? { authorization: `Bearer ${kwargs.apiKey}` } : undefined
      },
    })
    await tool.connect()
    const echo = tool.functions.find((fn) => fn.name === 'plain_echo')!
    await echo.invoke({ text: 'a' }, { kwargs: { apiKey: 'k-123' } })
    const call = proxy.messages.find((message) => message.method === 'tools/call')!
    expect(call.headers.authorization).toBe('Bearer k-123')
    expect(call.headers['x-static']).toBe('static')
    // The secret is a header, never a tool argument.
    expect(call.params!.arguments).toEqual({ text: 'a' })
    const initialize = proxy.messages.find((message) => message.method === 'initialize')!
    expect(initialize.headers.authorization).toBeUndefined()
    expect(seen[0]).toEqual({})
  })

  it('answers sampling through the guardrails and elicitation through the callback', async () => {
    const client = new RecordingChatClient([textResponse('42')])
    const logger = recordingLogger()
    const tool = httpTool({
      url: sampling.url,
      logger,
      client,
      samplingMaxTokens: 256,
      samplingApprovalCallback: async () => true,
      elicitationCallback: async (params) => ({ action: 'accept', content: { allow: params.message === 'Allow deploy?' } }),
    })
    await tool.connect()
    expect((await tool.callTool('ask_model', { question: 'meaning?' })).content).toEqual([{ type: 'text', text: '42' }])
    expect(client.calls[0]!.options).toMatchObject({ instructions: 'Answer briefly.', temperature: 0.2, maxTokens: 256 })
    expect(logger.messages('warn')).toContain("Capping MCP sampling maxTokens for 'http' from 1000000 to 256.")
    const confirm = await tool.callTool('confirm', { action: 'deploy' })
    expect(JSON.parse((confirm.content[0] as { text: string }).text)).toEqual({ action: 'accept', content: { allow: true } })
  })

  it('is denied sampling without a chat client and declines elicitation without a callback', async () => {
    const tool = httpTool({ url: sampling.url })
    await tool.connect()
    await expect(tool.callTool('ask_model', { question: 'q' })).rejects.toThrow(
      'sampling failed: MCP error -32603: No chat client available. Please set a chat client.',
    )
    await expect(tool.callTool('confirm', { action: 'x' })).rejects.toThrow(/elicitation failed/)
  })

  it('fails clearly when the server is not there', async () => {
    const tool = httpTool({ url: 'http://127.0.0.1:9/mcp' })
    const failure = await tool.connect().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(MCPConnectionException)
    expect((failure as Error).message).toMatch(/^MCP server failed to initialize: |^Failed to connect to MCP server: /)
  })
})
