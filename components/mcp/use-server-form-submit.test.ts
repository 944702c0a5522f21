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

  it('puts the messages of a refused request beside their fields, once: not again in a summary', () => {
    const failure = new ApiError(400, 'invalid_request', 'Invalid request body: id: Use lowercase; name: Required', {
      issues: [
        { path: 'id', message: 'Use lowercase' },
        { path: 'name', message: 'Required' },
      ],
    })
    expect(saveFailureOf(failure)).toEqual({ confirmation: null, error: null, fieldErrors: { id: 'Use lowercase', name: 'Required' } })
  })

  it('says on its own only what no field takes', () => {
    const failure = new ApiError(400, 'invalid_request', 'Invalid request body: config.url: Invalid URL; : Nothing to update', {
      issues: [
        { path: 'config.url', message: 'Invalid URL' },
        { path: '', message: 'Nothing to update' },
      ],
    })
    expect(saveFailureOf(failure)).toEqual({ confirmation: null, error: 'Nothing to update', fieldErrors: { url: 'Invalid URL' } })
  })

  it('shows a failure to reach the server as a message alone', () => {
    const failure = new ApiError(0, 'network_error', 'Could not reach the server.')
    expect(saveFailureOf(failure)).toEqual({ confirmation: null, error: 'Could not reach the server.', fieldErrors: {} })
  })
})
