import { describe, expect, it } from 'vitest'
import { formatDateTime, formatDateTimeUtc } from './date-time'

describe('formatDateTime', () => {
  it('writes a local date and time, year first, to the second', () => {
    const iso = new Date(2026, 0, 2, 3, 4, 5).toISOString()
    expect(formatDateTime(iso)).toBe('2026-01-02 03:04:05')
  })

  it('answers the fallback for no time or a bad one', () => {
    expect(formatDateTime(null)).toBe('—')
    expect(formatDateTime(undefined, 'never')).toBe('never')
    expect(formatDateTime('not a date')).toBe('—')
  })

  it('has a UTC form of the same shape for server rendering', () => {
    expect(formatDateTimeUtc('2026-01-02T03:04:05.678Z')).toBe('2026-01-02 03:04:05 UTC')
  })
})
