import { describe, expect, it } from 'vitest'
import { inAppLinkDestination, type LinkClick } from './leave-guard'

const editor = new URL('http://app.test/workflows/abc')
const click = (link: Partial<NonNullable<LinkClick['link']>> | null, facts: Partial<Omit<LinkClick, 'link'>> = {}): LinkClick => ({
  button: 0,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  defaultPrevented: false,
  ...facts,
  link: link === null ? null : { href: '/workflows', target: '', download: false, ...link },
})

describe('inAppLinkDestination', () => {
  it('names the in-app page a plain click on a link opens', () => {
    expect(inAppLinkDestination(click({ href: 'http://app.test/workflows' }), editor)).toBe('/workflows')
    expect(inAppLinkDestination(click({ href: '/runs?status=failed#top', target: '_self' }), editor)).toBe('/runs?status=failed#top')
  })

  it('leaves alone clicks that open a new tab or window, or that something else already handled', () => {
    for (const facts of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, { defaultPrevented: true }]) {
      expect(inAppLinkDestination(click({}, facts), editor)).toBeNull()
    }
    expect(inAppLinkDestination(click({ target: '_blank' }), editor)).toBeNull()
    expect(inAppLinkDestination(click({ download: true }), editor)).toBeNull()
  })

  it('leaves alone clicks that are not on a link, go to another site, or only move within this page', () => {
    expect(inAppLinkDestination(click(null), editor)).toBeNull()
    expect(inAppLinkDestination(click({ href: 'https://example.com/workflows' }), editor)).toBeNull()
    expect(inAppLinkDestination(click({ href: '/workflows/abc#problems' }), editor)).toBeNull()
  })
})
