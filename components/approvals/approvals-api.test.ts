import { describe, expect, it } from 'vitest'
import { ApiError, apiErrorFrom } from '@/components/api-client'
import { failedOutcome } from './approvals-api'

describe('failedOutcome', () => {
  it('reads a 409 as already answered or expired', () => {
    expect(failedOutcome(apiErrorFrom(409, { error: { code: 'approval_already_decided', message: 'This request was already denied.' } }))).toEqual({
      ok: false,
      reason: 'already_answered',
      message: 'This request was already answered.',
    })
    expect(failedOutcome(apiErrorFrom(409, { error: { code: 'approval_expired', message: 'Expired.' } }))).toMatchObject({
      ok: false,
      reason: 'expired',
    })
  })

  it('passes any other failure on with its message', () => {
    expect(failedOutcome(new ApiError(400, 'invalid_request', 'Invalid request body: maxTokens'))).toEqual({
      ok: false,
      reason: 'error',
      message: 'Invalid request body: maxTokens',
    })
    expect(failedOutcome(apiErrorFrom(502, 'Bad gateway'))).toEqual({ ok: false, reason: 'error', message: 'Request failed (502).' })
  })
})
