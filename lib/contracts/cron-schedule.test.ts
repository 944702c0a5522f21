import { describe, expect, it } from 'vitest'
import { cronProblem, describeCron, isTimeZone, latestFireTimeBetween, nextFireTimes } from './cron-schedule'

describe('cron schedules', () => {
  it('takes five or six fields, not seven, and says what is wrong', () => {
    expect(cronProblem('0 9 * * 1-5')).toBeUndefined()
    expect(cronProblem('*/10 * * * * *')).toBeUndefined()
    expect(cronProblem('0 0 9 * * * 2030')).toMatch(/five fields/)
    expect(cronProblem('61 * * * *')).toBeDefined()
  })

  it('knows IANA time zones', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone(' UTC')).toBe(false)
  })

  it('computes fire times in the time zone, across a daylight saving change', () => {
    // Paris moves to summer time on 2026-03-29: 09:00 there is 08:00 UTC before, 07:00 UTC after.
    expect(nextFireTimes('0 9 * * *', 'Europe/Paris', new Date('2026-03-28T00:00:00Z'), 2).map((time) => time.toISOString())).toEqual([
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
    ])
  })

  it('finds the latest fire time in a window, or none', () => {
    const from = new Date('2026-01-01T10:00:00Z')
    expect(latestFireTimeBetween('0 * * * *', 'UTC', from, new Date('2026-01-01T13:30:00Z'))?.toISOString()).toBe('2026-01-01T13:00:00.000Z')
    expect(latestFireTimeBetween('0 * * * *', 'UTC', from, new Date('2026-01-01T10:30:00Z'))).toBeNull()
  })

  it('says the expression in words', () => {
    expect(describeCron('0 9 * * 1-5')).toBe('At 09:00, Monday through Friday')
  })
})
