import { describe, expect, it, vi } from 'vitest'
import { isEndedTaskStatus as isTerminalTaskStatus, type MCPTool } from '@/lib/core'
import { McpTaskRegistry } from './mcp-task-registry'

/** Only the part of MCPTool the registry uses: cancelTask, recorded, answering as the server would. */
function toolRecordingCancels(answer: () => Promise<boolean> = async () => true): MCPTool & { cancelled: string[] } {
  const cancelled: string[] = []
  const cancelTask = (taskId: string) => {
    cancelled.push(taskId)
    return answer()
  }
  return { cancelled, cancelTask } as unknown as MCPTool & { cancelled: string[] }
}

describe('McpTaskRegistry', () => {
  it('keeps a task while it runs and sends one cancel to its tool', () => {
    const registry = new McpTaskRegistry()
    const tool = toolRecordingCancels()
    registry.observe('run', 'srv', 't1', 'working', tool)
    registry.observe('run', 'srv', 't1', 'input_required', tool)
    expect(registry.hasLiveTasks('run')).toBe(true)
    expect(registry.requestCancel('run', 'srv', 't1')).toBe(true)
    expect(registry.requestCancel('run', 'srv', 't1')).toBe(false)
    expect(tool.cancelled).toEqual(['t1'])
    // Another server's task of the same id, or another run's, is not this one.
    expect(registry.requestCancel('run', 'other', 't1')).toBe(false)
    expect(registry.requestCancel('other-run', 'srv', 't1')).toBe(false)
  })

  it('drops a task on a terminal status, when its tool closes, and with its run', () => {
    const registry = new McpTaskRegistry()
    const tool = toolRecordingCancels()
    const other = toolRecordingCancels()
    registry.observe('run', 'srv', 't1', 'working', tool)
    registry.observe('run', 'srv', 't1', 'completed', tool)
    expect(registry.hasLiveTasks('run')).toBe(false)
    expect(registry.requestCancel('run', 'srv', 't1')).toBe(false)

    registry.observe('run', 'srv', 't2', 'working', tool)
    registry.observe('run', 'srv2', 't3', 'working', other)
    registry.forgetTool('run', tool)
    expect(registry.requestCancel('run', 'srv', 't2')).toBe(false)
    expect(registry.hasLiveTasks('run')).toBe(true)
    registry.forgetRun('run')
    expect(registry.hasLiveTasks('run')).toBe(false)
    expect(tool.cancelled).toEqual([])
  })

  it('reports a refused or failed cancel while the task runs, and takes a new request after it', async () => {
    const answers = [false, 'throw', true] as const
    const tool = toolRecordingCancels(async () => {
      const next = answers[tool.cancelled.length - 1]
      if (next === 'throw') throw new Error('connection closed')
      return next
    })
    const registry = new McpTaskRegistry()
    registry.observe('run', 'srv', 't1', 'working', tool)
    let refusals = 0
    const onRefused = () => void refusals++
    expect(registry.requestCancel('run', 'srv', 't1', onRefused)).toBe(true)
    await vi.waitFor(() => expect(refusals).toBe(1))
    expect(registry.requestCancel('run', 'srv', 't1', onRefused)).toBe(true)
    await vi.waitFor(() => expect(refusals).toBe(2))
    expect(registry.requestCancel('run', 'srv', 't1', onRefused)).toBe(true)
    expect(registry.requestCancel('run', 'srv', 't1', onRefused)).toBe(false)
    await Promise.resolve()
    expect(refusals).toBe(2)
    expect(tool.cancelled).toEqual(['t1', 't1', 't1'])
  })

  it('says nothing of a refused cancel once the task has ended', async () => {
    let refuse!: (accepted: boolean) => void
    const tool = toolRecordingCancels(() => new Promise<boolean>((resolve) => (refuse = resolve)))
    const registry = new McpTaskRegistry()
    registry.observe('run', 'srv', 't1', 'working', tool)
    let refusals = 0
    expect(registry.requestCancel('run', 'srv', 't1', () => void refusals++)).toBe(true)
    registry.observe('run', 'srv', 't1', 'completed', tool)
    refuse(false)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(refusals).toBe(0)
  })

  it('knows the terminal statuses of the MCP tasks spec', () => {
    expect(['completed', 'failed', 'cancelled'].every(isTerminalTaskStatus)).toBe(true)
    expect(['working', 'input_required'].some(isTerminalTaskStatus)).toBe(false)
  })
})
