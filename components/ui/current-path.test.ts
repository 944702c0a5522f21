import { describe, expect, it } from 'vitest'
import { isCurrentPath } from './current-path'

describe('isCurrentPath', () => {
  it('takes the page itself and the pages under it', () => {
    expect(isCurrentPath('/runs', '/runs')).toBe(true)
    expect(isCurrentPath('/runs/0b7c', '/runs')).toBe(true)
  })

  it('does not take a page that merely starts with the same letters', () => {
    expect(isCurrentPath('/runs-archive', '/runs')).toBe(false)
    expect(isCurrentPath('/workflows', '/runs')).toBe(false)
    expect(isCurrentPath(null, '/runs')).toBe(false)
  })

  it('takes only the page itself when exact', () => {
    expect(isCurrentPath('/settings', '/settings', true)).toBe(true)
    expect(isCurrentPath('/settings/users', '/settings', true)).toBe(false)
  })
})
