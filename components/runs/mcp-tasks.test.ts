import { describe, expect, it } from 'vitest'
import { isEndedTaskStatus as isTerminalTaskStatus } from '@/lib/core/browser'
import { readTaskStatus, taskCancelState, taskProgress } from './mcp-tasks'

describe('readTaskStatus', () => {
  it('reads a status event, and refuses one without its server, task or status', () => {
    expect(readTaskStatus({ serverId: 's', serverName: 'S', toolName: 'slow', taskId: 't', status: 'working', statusMessage: '10%' })).toEqual({
      serverId: 's',
      serverName: 'S',
      toolName: 'slow',
      taskId: 't',
      status: 'working',
      statusMessage: '10%',
    })
    expect(readTaskStatus({ serverId: 's', taskId: 't', status: 'working' })).toEqual({ serverId: 's', taskId: 't', toolName: 'tool', status: 'working' })
    expect(readTaskStatus({ serverId: 's', taskId: 't' })).toBeNull()
    expect(readTaskStatus({ taskId: 't', status: 'working' })).toBeNull()
    expect(readTaskStatus('nope')).toBeNull()
  })
})

describe('task progress', () => {
  it('reads the progress a server reported, the total only when there is a positive one', () => {
    expect(readTaskStatus({ serverId: 's', taskId: 't', status: 'working', progress: 2, total: 4 })).toMatchObject({ progress: 2, total: 4 })
    expect(readTaskStatus({ serverId: 's', taskId: 't', status: 'working', progress: 2, total: 0 })).not.toHaveProperty('total')
    expect(readTaskStatus({ serverId: 's', taskId: 't', status: 'working', total: 4 })).not.toHaveProperty('total')
  })

  it('is a fraction with a total, a count without, and nothing once the task ended', () => {
    expect(taskProgress({ status: 'working', progress: 1, total: 4 })).toEqual({ fraction: 0.25, label: '25%' })
    expect(taskProgress({ status: 'working', progress: 9, total: 4 })).toEqual({ fraction: 1, label: '100%' })
    expect(taskProgress({ status: 'working', progress: 3 })).toEqual({ fraction: null, label: '3 done' })
    expect(taskProgress({ status: 'working' })).toBeNull()
    expect(taskProgress({ status: 'completed', progress: 4, total: 4 })).toBeNull()
  })
})

describe('taskCancelState', () => {
  const base = { status: 'working', latest: true, cancelRequested: false, runActive: true, canCancel: true }

  it('offers Cancel on the newest line of a running task of an active run', () => {
    expect(taskCancelState(base)).toBe('available')
    expect(taskCancelState({ ...base, status: 'input_required' })).toBe('available')
    expect(taskCancelState({ ...base, cancelRequested: true })).toBe('requested')
  })

  it('offers nothing on older lines, for ended tasks or runs, or read-only', () => {
    expect(taskCancelState({ ...base, latest: false })).toBe('none')
    for (const status of ['completed', 'failed', 'cancelled']) {
      expect(isTerminalTaskStatus(status)).toBe(true)
      expect(taskCancelState({ ...base, status, cancelRequested: true })).toBe('none')
    }
    expect(taskCancelState({ ...base, runActive: false })).toBe('none')
    expect(taskCancelState({ ...base, canCancel: false })).toBe('none')
  })
})
