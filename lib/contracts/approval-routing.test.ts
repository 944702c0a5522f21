import { describe, expect, it } from 'vitest'
import { formatMinutes } from './approval-routing'

describe('formatMinutes', () => {
  it('says a delay in whole or tenths of minutes, singular for one', () => {
    expect(formatMinutes(10)).toBe('10 minutes')
    expect(formatMinutes(1)).toBe('1 minute')
    expect(formatMinutes(1.5)).toBe('1.5 minutes')
    expect(formatMinutes(2.0001)).toBe('2 minutes')
  })
})
