import { describe, expect, it } from 'vitest'
import { isPage, isPublicPage, signInPathFor } from './page-access'

describe('page access', () => {
  it("opens sign-in, the one-time link pages, shared runs and published agents' chats without a session", () => {
    for (const path of ['/sign-in', '/setup', '/invite', '/reset-password', '/share/abc', '/chat/abc', '/form/abc']) expect(isPublicPage(path)).toBe(true)
    for (const path of ['/', '/workflows', '/settings', '/share', '/chat', '/chats/abc', '/sign-inside', '/setup-x', '/runs/1'])
      expect(isPublicPage(path)).toBe(false)
  })

  it('leaves API routes to answer for themselves', () => {
    expect(isPage('/api/workflows')).toBe(false)
    expect(isPage('/api')).toBe(false)
    expect(isPage('/apiary')).toBe(true)
    expect(isPage('/v1/responses')).toBe(false)
    expect(isPage('/v1')).toBe(false)
    expect(isPage('/v1beta')).toBe(true)
  })

  it('sends people to sign in, remembering the page on this site only', () => {
    expect(signInPathFor('/runs/1?tab=events')).toBe('/sign-in?next=%2Fruns%2F1%3Ftab%3Devents')
    expect(signInPathFor('/')).toBe('/sign-in')
    expect(signInPathFor('//evil.example')).toBe('/sign-in')
    expect(signInPathFor(null)).toBe('/sign-in')
  })
})
