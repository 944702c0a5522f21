import { describe, expect, it } from 'vitest'
import { readThemeChoice, resolveTheme } from './theme'

describe('theme', () => {
  it('reads a stored choice, anything else meaning "follow the system"', () => {
    expect(readThemeChoice('dark')).toBe('dark')
    expect(readThemeChoice('light')).toBe('light')
    expect(readThemeChoice(null)).toBe('system')
    expect(readThemeChoice('purple')).toBe('system')
  })

  it('follows the system only when asked to', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })
})
