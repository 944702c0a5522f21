import { describe, expect, it } from 'vitest'
import { toErrorResponse } from './http-errors'
import { requireBase, saveBase, staleVersion } from './save-base'

const withIfMatch = (value?: string) => new Request('http://localhost/api/x', { method: 'POST', headers: value === undefined ? {} : { 'if-match': value } })
const failure = (act: () => unknown) => {
  try {
    act()
  } catch (error) {
    return toErrorResponse(error)
  }
  throw new Error('it did not fail')
}

describe('the base a save names', () => {
  it('comes from the body or an If-Match ETag (strong or weak); both may be sent when they agree', () => {
    expect(saveBase(withIfMatch(), 3)).toBe(3)
    expect(saveBase(withIfMatch('"4"'), undefined)).toBe(4)
    expect(saveBase(withIfMatch('W/"5"'), undefined)).toBe(5)
    expect(saveBase(withIfMatch('"0"'), 0)).toBe(0)
    expect(saveBase(withIfMatch(), undefined)).toBeUndefined()
  })

  it('refuses an If-Match that is not one of our ETags, or one that contradicts the body, with a 400', () => {
    for (const header of ['*', '"abc"', '3', '"1", "2"', '"-1"']) {
      expect(failure(() => saveBase(withIfMatch(header), undefined))).toMatchObject({ status: 400, body: { error: { code: 'invalid_if_match' } } })
    }
    expect(failure(() => saveBase(withIfMatch('"2"'), 3))).toMatchObject({ status: 400, body: { error: { code: 'base_version_mismatch' } } })
  })

  it('is required where a service says so: 428 without one', () => {
    expect(requireBase(2, 'skill')).toBe(2)
    expect(failure(() => requireBase(undefined, 'skill'))).toMatchObject({ status: 428, body: { error: { code: 'base_version_required' } } })
  })

  it('answers a stale save with 409 and the newer version, its ETag, who saved it and when', () => {
    const current = { version: 7, savedAt: '2026-12-02T04:00:00.000Z', savedBy: { id: 'u1', name: 'Ada' } }
    expect(toErrorResponse(staleVersion('workflow', 6, current))).toEqual({
      status: 409,
      body: {
        error: {
          code: 'stale_version',
          message: expect.stringContaining('version 7 by Ada'),
          details: { current: { ...current, etag: '"7"' } },
        },
      },
    })
  })
})
