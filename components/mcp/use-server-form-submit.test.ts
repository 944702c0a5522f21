import { describe, expect, it } from 'vitest'
import { ApiError } from '@/components/api-client'
import type { WorkflowReference } from '@/lib/contracts/mcp-servers'
import { saveFailureOf } from './use-server-form-submit'

const research: WorkflowReference = { workflowId: 'w1', workflowName: 'Research', versions: [1, 2], latest: true }

describe('saveFailureOf', () => {
  it('shows nothing when the save did not fail', () => {
    expect(saveFailureOf(null)).toEqual({ confirmation: null, error: null, fieldErrors: {} })
  })

  it('asks to confirm a change that workflows would run, without calling it an error', () => {
    const failure = new ApiError(409, 'confirm_required', "1 workflow uses MCP server 'files'.", { affected: [research], others: 2 })
    expect(saveFailureOf(failure)).toEqual({ confirmation: { affected: [research], others: 2 }, error: null, fieldErrors: {} })
  })

  it('puts the messages of a refused request beside their fields', () => {
    const failure = new ApiError(400, 'invalid_request', 'Invalid MCP server: config.url: Invalid URL', {
      issues: [{ path: 'config.url', message: 'Invalid URL' }],
    })
    expect(saveFailureOf(failure)).toEqual({
      confirmation: null,
      error: 'Invalid MCP server: config.url: Invalid URL',
      fieldErrors: { url: 'Invalid URL' },
    })
  })

  it('shows a failure to reach the server as a message alone', () => {
    const failure = new ApiError(0, 'network_error', 'Could not reach the server.')
    expect(saveFailureOf(failure)).toEqual({ confirmation: null, error: 'Could not reach the server.', fieldErrors: {} })
  })
})
