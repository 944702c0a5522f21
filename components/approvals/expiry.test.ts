import { describe, expect, it } from 'vitest'
import { describeExpiry, formatCountdown, isExpiringSoon, msUntil } from './expiry'

describe('formatCountdown', () => {
  it.each([
    [299_000, '4:59'],
    [300_000, '5:00'],
    [45_000, '0:45'],
    [1, '0:01'],
    [999, '0:01'],
    [3_723_000, '1:02:03'],
    [0, 'expired'],
    [-5_000, 'expired'],
    [Number.NaN, 'expired'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text)
  })
})

describe('describeExpiry', () => {
  const now = Date.parse('2026-01-01T10:00:00.000Z')

  it('counts down to the expiry', () => {
    expect(describeExpiry('2026-01-01T10:04:59.000Z', now)).toBe('Expires in 4:59')
    expect(describeExpiry('2026-01-01T09:59:00.000Z', now)).toBe('Expired')
    expect(describeExpiry(null, now)).toBeNull()
    expect(describeExpiry('not a date', now)).toBeNull()
  })

  it('knows when little time is left', () => {
    expect(msUntil('2026-01-01T10:00:30.000Z', now)).toBe(30_000)
    expect(isExpiringSoon('2026-01-01T10:00:30.000Z', now)).toBe(true)
    expect(isExpiringSoon('2026-01-01T10:05:00.000Z', now)).toBe(false)
    expect(isExpiringSoon('2026-01-01T09:00:00.000Z', now)).toBe(false)
  })
})
