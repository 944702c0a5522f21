import { describe, expect, it } from 'vitest'
import { ApiError } from '@/components/api-client'
import { saveStatusOf } from './use-save-version'

const version = { version: 4, workflowId: 'wf1', graph: {}, createdAt: '2026-01-01T00:00:00.000Z' } as never

describe('the save status the toolbar shows', () => {
  it('follows the request: idle, saving, saved with its version number', () => {
    expect(saveStatusOf({ status: 'idle', error: null })).toEqual({ state: 'idle' })
    expect(saveStatusOf({ status: 'pending', error: null })).toEqual({ state: 'saving' })
    expect(saveStatusOf({ status: 'success', data: version, error: null })).toEqual({ state: 'saved', version: 4 })
  })

  it('counts the problems of a refused graph, and says why any other save failed', () => {
    const problems = [
      { severity: 'error', code: 'missing_start', message: 'No start node.' },
      { severity: 'error', code: 'unreachable', message: 'Nothing reaches it.', nodeId: 'agent-1' },
    ]
    const refused = new ApiError(400, 'invalid_graph', 'The graph has problems.', { problems })
    expect(saveStatusOf({ status: 'error', error: refused })).toEqual({ state: 'rejected', message: 'The graph has problems.', problemCount: 2 })
    const down = new ApiError(0, 'network_error', 'Could not reach the server.')
    expect(saveStatusOf({ status: 'error', error: down })).toEqual({ state: 'failed', message: 'Could not reach the server.' })
  })
})
