import { describe, expect, it } from 'vitest'
import { UserError } from '@/lib/core/errors'
import { HttpError, conflict, toErrorResponse } from './http-errors'

describe('toErrorResponse', () => {
  it('maps HTTP errors to their status and JSON body', () => {
    expect(toErrorResponse(conflict('x', 'y', { a: 1 }))).toEqual({ status: 409, body: { error: { code: 'x', message: 'y', details: { a: 1 } } } })
  })

  it('recognises an HttpError made by another copy of this module (another server bundle)', () => {
    const foreign = Object.assign(new Error('gone'), { status: 404, code: 'not_found', [Symbol.for('agentloom.http-error')]: true })
    expect(foreign instanceof HttpError).toBe(false)
    expect(toErrorResponse(foreign)).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: 'gone' } } })
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
})
