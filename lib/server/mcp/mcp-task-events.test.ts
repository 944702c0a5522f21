import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MCPTool } from '@/lib/core'
import type { AppContext } from '../app-context'
import { MCP_TASK_STATUS_EVENT } from '@/lib/contracts/run-events'
import { recordTaskStatuses } from './mcp-task-events'
import { McpTaskRegistry } from './mcp-task-registry'

/** An event log whose appends finish when the test says, so the order they are written in shows. */
function slowEventLog() {
  const written: unknown[] = []
  const pending: Array<{ data: unknown; finish: (ok: boolean) => void }> = []
  const append = (_runId: string, type: string, data: unknown) =>
    new Promise((resolve, reject) => {
      pending.push({
        data,
        finish: (ok) => {
          if (!ok) return reject(new Error('database went away'))
          written.push({ type, data })
          resolve({})
        },
      })
    })
  return { written, pending, events: { append } }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('recordTaskStatuses', () => {
  const server = { id: 'srv', name: 'Server' }
  const tool = {} as MCPTool
  const status = (taskId: string, value: 'working' | 'completed', statusMessage?: string) => ({
    serverName: 'srv',
    toolName: 'slow',
    taskId,
    status: value,
    statusMessage,
  })

  it('appends the statuses in the order they came, one after the other, and registers live tasks', async () => {
    const log = slowEventLog()
    const app = { events: log.events, mcpTasks: new McpTaskRegistry() } as unknown as AppContext
    const onStatus = recordTaskStatuses({ app, runId: 'run', server, signal: new AbortController().signal, tool: () => tool })
    onStatus(status('t1', 'working'))
    onStatus(status('t1', 'working', '40% done'))
    expect(app.mcpTasks.hasLiveTasks('run')).toBe(true)
    onStatus(status('t1', 'completed'))
    expect(app.mcpTasks.hasLiveTasks('run')).toBe(false)

    await settle()
    expect(log.pending).toHaveLength(1) // the second waits for the first
    for (let index = 0; index < 3; index++) {
      log.pending[index]!.finish(true)
      await settle()
    }
    expect(log.written).toEqual([
      { type: MCP_TASK_STATUS_EVENT, data: { serverId: 'srv', serverName: 'Server', toolName: 'slow', taskId: 't1', status: 'working' } },
      {
        type: MCP_TASK_STATUS_EVENT,
        data: { serverId: 'srv', serverName: 'Server', toolName: 'slow', taskId: 't1', status: 'working', statusMessage: '40% done' },
      },
      { type: MCP_TASK_STATUS_EVENT, data: { serverId: 'srv', serverName: 'Server', toolName: 'slow', taskId: 't1', status: 'completed' } },
    ])
  })

  it('logs a failed append and goes on with the next', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const log = slowEventLog()
    const app = { events: log.events, mcpTasks: new McpTaskRegistry() } as unknown as AppContext
    const onStatus = recordTaskStatuses({ app, runId: 'run', server, signal: new AbortController().signal, tool: () => tool })
    onStatus(status('t1', 'working'))
    onStatus(status('t1', 'completed'))
    await settle()
    log.pending[0]!.finish(false)
    await settle()
    log.pending[1]!.finish(true)
    await settle()
    expect(log.written).toHaveLength(1)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("could not record status 'working' of task t1"), 'database went away')
  })

  it('records nothing once the run is over or cancelled', async () => {
    const log = slowEventLog()
    const app = { events: log.events, mcpTasks: new McpTaskRegistry() } as unknown as AppContext
    const ended = new AbortController()
    ended.abort()
    recordTaskStatuses({ app, runId: 'run', server, signal: ended.signal, tool: () => tool })(status('t1', 'working'))
    await settle()
    expect(log.pending).toHaveLength(0)
  })
})
