import { describe, expect, it } from 'vitest'
import type { MCPTool } from '@/lib/core'
import { isEndedTaskStatus as isTerminalTaskStatus } from '@/lib/core/mcp/task-status'
import { McpTaskRegistry } from './mcp-task-registry'

/** Only the part of MCPTool the registry uses: cancelTask, recorded. */
function toolRecordingCancels(): MCPTool & { cancelled: string[] } {
  const cancelled: string[] = []
  return { cancelled, cancelTask: async (taskId: string) => void cancelled.push(taskId) } as unknown as MCPTool & { cancelled: string[] }
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

  it('knows the terminal statuses of the MCP tasks spec', () => {
    expect(['completed', 'failed', 'cancelled'].every(isTerminalTaskStatus)).toBe(true)
    expect(['working', 'input_required'].some(isTerminalTaskStatus)).toBe(false)
  })
})
