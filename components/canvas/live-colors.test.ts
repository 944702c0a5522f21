import { describe, expect, it } from 'vitest'
import { colorFor, initialsOf } from './live-colors'

describe('live colours and initials', () => {
  it('gives a person the same colour every time, and different people mostly different ones', () => {
    expect(colorFor('user-1')).toBe(colorFor('user-1'))
    expect(new Set(['a', 'b', 'c', 'd', 'e', 'f'].map(colorFor)).size).toBeGreaterThan(1)
  })

  it('takes the first and last initials of a name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL')
    expect(initialsOf('Wendy van der Worker')).toBe('WW')
    expect(initialsOf('bob')).toBe('BO')
    expect(initialsOf('  ')).toBe('?')
  })
})
