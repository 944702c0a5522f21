import { afterEach, describe, expect, it } from 'vitest'
import { MCPStdioTool, type MCPStdioToolOptions } from './stdio-tool'
import type { MCPTaskStatusEvent } from './task-lifecycle'
import { MCPTaskOptions } from './task-options'
import { fixturePath, type FixtureName } from './testing/fixture-process'
import { RecordingChatClient, recordingLogger, textResponse } from './testing/recording-chat-client'

const open: MCPStdioTool[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((tool) => tool.close()))
})

function stdioFixture(name: FixtureName, options: Partial<MCPStdioToolOptions> = {}): MCPStdioTool {
  const tool = new MCPStdioTool({ name, command: process.execPath, args: [fixturePath(name)], logger: recordingLogger(), ...options })
  open.push(tool)
  return tool
}

describe('MCPStdioTool against spawned fixture servers', () => {
  it('reloads functions when the server changes its tool list', async () => {
    const changes: string[][] = []
    const tool = stdioFixture('changing-tools-server', { onFunctionsChanged: (functions) => changes.push(functions.map((fn) => fn.name)) })
    await tool.connect()
    expect(tool.functions.map((fn) => fn.name)).toEqual(['add_tool'])
    await tool.callTool('add_tool', { name: 'greet' })
    await expect.poll(() => tool.functions.map((fn) => fn.name)).toEqual(['add_tool', 'greet'])
    expect((await tool.callTool('greet', { value: 'v', junk: 1 })).content).toEqual([{ type: 'text', text: 'greet:v' }])
    expect(changes.at(-1)).toEqual(['add_tool', 'greet'])
  })

  it('drives task-required tools over stdio', async () => {
    const tool = stdioFixture('task-server', { taskOptions: new MCPTaskOptions({ defaultTtlMs: 60_000 }) })
    await tool.connect()
    expect(tool.toolTaskSupport('slow_report')).toBe('required')
    expect((await tool.callTool('slow_report', { label: 's', durationMs: 50 })).content).toEqual([{ type: 'text', text: 'report s ready (ttl=60000)' }])
  })

  it('reports the progress a task’s server notifies, with its total and message', async () => {
    const events: MCPTaskStatusEvent[] = []
    const tool = stdioFixture('task-server', { onTaskStatus: (event) => events.push(event) })
    await tool.connect()
    await tool.callTool('slow_report', { label: 'p', durationMs: 400, progressSteps: 3 })
    const progressed = events.filter((event) => event.progress !== undefined)
    expect(progressed.map((event) => event.progress)).toEqual(expect.arrayContaining([1, 2, 3]))
    expect(progressed.find((event) => event.progress === 2)).toMatchObject({ status: 'working', total: 3, statusMessage: 'step 2 of 3' })
    expect(events.at(-1)!.status).toBe('completed')
  })

  it('answers sampling from a stdio server through the guardrails', async () => {
    const client = new RecordingChatClient([textResponse('yes')])
    const tool = stdioFixture('sampling-server', { client, samplingApprovalCallback: async () => true, samplingMaxTokens: 100 })
    await tool.connect()
    expect((await tool.callTool('ask_model', { question: 'ok?' })).content).toEqual([{ type: 'text', text: 'yes' }])
    expect(client.calls[0]!.options.maxTokens).toBe(100)
  })

  it('reconnects once after the server process dies', async () => {
    const tool = stdioFixture('task-server')
    await tool.connect()
    await tool.sdkClient!.transport!.close()
    expect((await tool.callTool('plain_echo', { text: 'back' })).content).toEqual([{ type: 'text', text: 'back' }])
  })

  it('reports a command that cannot start', async () => {
    const tool = stdioFixture('task-server', { command: '/nonexistent/mcp-server' })
    await expect(tool.connect()).rejects.toThrow(/^Failed to start MCP server '\/nonexistent\/mcp-server': /)
  })
})
