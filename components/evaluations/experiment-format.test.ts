import { describe, expect, it } from 'vitest'
import { cellPreview, formatDelta, formatScore, formatUsd } from './experiment-format'

describe('experiment formatting', () => {
  it('writes scores, rates and deltas', () => {
    expect(formatScore(0.834)).toBe('0.83')
    expect(formatScore(0.5, 'percent')).toBe('50 %')
    expect(formatScore(null)).toBe('—')
    expect(formatDelta(0.25)).toBe('+0.25')
    expect(formatDelta(-0.1, 'percent')).toBe('−10 %')
    expect(formatDelta(0)).toBe('±0')
    expect(formatDelta(-12.4, 'count')).toBe('−12')
  })

  it('writes costs with a fraction of a cent', () => {
    expect(formatUsd(0)).toBe('$0')
    expect(formatUsd(0.00042)).toBe('$0.0004')
    expect(formatUsd(0.0000042)).toBe('$0.000004')
    expect(formatUsd(1.5)).toBe('$1.50')
  })

  it('previews values', () => {
    expect(cellPreview({ a: 1 })).toBe('{"a":1}')
    expect(cellPreview('x'.repeat(10), 5)).toBe('xxxx…')
  })
})
