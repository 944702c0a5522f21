import { describe, expect, it } from 'vitest'
import { ApiError } from '@/components/api-client'
import type { ConnectionTestState } from '@/components/queries/mcp-servers'
import { testStateOf } from './connection-test'

const state = (change: Partial<ConnectionTestState>): ConnectionTestState => ({
  context: undefined,
  data: undefined,
  error: null,
  failureCount: 0,
  failureReason: null,
  isPaused: false,
  status: 'idle',
  variables: undefined,
  submittedAt: 0,
  ...change,
})

describe('testStateOf', () => {
  it('shows nothing before a test, or after its result was dropped', () => {
    expect(testStateOf(undefined)).toBeUndefined()
    expect(testStateOf(state({ status: 'idle' }))).toBeUndefined()
  })

  it('shows a running test, then its result', () => {
    expect(testStateOf(state({ status: 'pending' }))).toEqual({ status: 'running' })
    const result = { ok: false, tools: [], error: 'spawn nodee ENOENT' }
    expect(testStateOf(state({ status: 'success', data: result }))).toEqual({ status: 'done', result })
  })

  it('shows why a test could not be run', () => {
    const error = new ApiError(404, 'not_found', "MCP server 'files' not found.")
    expect(testStateOf(state({ status: 'error', error }))).toEqual({ status: 'failed', message: "MCP server 'files' not found." })
  })
})
