import { describe, expect, it } from 'vitest'
import { UserError } from '@/lib/core'
import { DomainError, conflict } from './domain-errors'
import { STATUS_BY_CODE, statusForCode, toErrorResponse } from './http-errors'

describe('toErrorResponse', () => {
  it('maps every conflict code to 409, keeping details', () => {
    expect(toErrorResponse(conflict('version_conflict', 'y', { a: 1 }))).toEqual({
      status: 409,
      body: { error: { code: 'version_conflict', message: 'y', details: { a: 1 } } },
    })
    expect(STATUS_BY_CODE.confirm_required).toBe(409)
  })

  it('maps user errors from lib/core to 400 and hides everything else behind a 500', () => {
    expect(toErrorResponse(new UserError('bad config'))).toMatchObject({ status: 400, body: { error: { message: 'bad config' } } })
    const original = console.error
    console.error = () => {}
    try {
      const hidden = toErrorResponse(new Error('secret detail at /srv/x'))
      expect(hidden.status).toBe(500)
      expect(JSON.stringify(hidden.body)).not.toContain('secret')
    } finally {
      console.error = original
    }
  })

  it('maps domain errors by their code, keeping details', () => {
    expect(toErrorResponse(new DomainError('not_found', 'Run not found.'))).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'Run not found.' } },
    })
    expect(toErrorResponse(new DomainError('run_not_active', 'Not running.', { status: 'succeeded' }))).toEqual({
      status: 409,
      body: { error: { code: 'run_not_active', message: 'Not running.', details: { status: 'succeeded' } } },
    })
    expect(statusForCode('anything_else')).toBe(400)
    expect(statusForCode('constructor')).toBe(400)
  })

  it('recognises a DomainError made by another copy of this module', () => {
    const foreign = Object.assign(new Error('taken'), { code: 'skill_exists', [Symbol.for('agentloom.domain-error')]: true })
    expect(toErrorResponse(foreign)).toMatchObject({ status: 409, body: { error: { code: 'skill_exists' } } })
  })

  it('keeps the details of user errors from lib/core', () => {
    class ManifestError extends UserError {
      override readonly code = 'tooling_manifest_invalid'
      readonly problems = [{ path: 'mcpServers[0]', message: 'bad' }]
    }
    class DetailedError extends UserError {
      readonly details = { field: 'x' }
    }
    expect(toErrorResponse(new ManifestError('no')).body.error).toEqual({
      code: 'tooling_manifest_invalid',
      message: 'no',
      details: { problems: [{ path: 'mcpServers[0]', message: 'bad' }] },
    })
    expect(toErrorResponse(new DetailedError('no')).body.error.details).toEqual({ field: 'x' })
  })
})
