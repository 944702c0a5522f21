import { describe, expect, it } from 'vitest'
import type { ShareLinkView } from '@/lib/contracts/share-links'
import { absoluteShareUrl, parseFrameOrigins, shareLinkState, sortShareLinks } from './share-links'

const link = (overrides: Partial<ShareLinkView> = {}): ShareLinkView => ({
  id: 'l1',
  runId: 'r1',
  includeInstructions: false,
  frameOrigins: [],
  createdAt: '2026-01-01T10:00:00.000Z',
  expiresAt: null,
  revokedAt: null,
  ...overrides,
})

describe('share links', () => {
  it('builds the absolute URL from the returned path', () => {
    expect(absoluteShareUrl('/share/abc_DEF-123', 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/share/abc_DEF-123')
    expect(absoluteShareUrl('/share/t', 'https://agentloom.example/')).toBe('https://agentloom.example/share/t')
    expect(absoluteShareUrl('https://elsewhere.example/share/t', 'http://localhost')).toBe('https://elsewhere.example/share/t')
  })

  it('tells active, expired and revoked links apart', () => {
    const now = Date.parse('2026-01-02T00:00:00.000Z')
    expect(shareLinkState(link(), now)).toBe('active')
    expect(shareLinkState(link({ expiresAt: '2026-01-03T00:00:00.000Z' }), now)).toBe('active')
    expect(shareLinkState(link({ expiresAt: '2026-01-01T23:00:00.000Z' }), now)).toBe('expired')
    expect(shareLinkState(link({ revokedAt: '2026-01-01T12:00:00.000Z', expiresAt: '2026-01-01T11:00:00.000Z' }), now)).toBe('revoked')
  })

  it('lists newest first', () => {
    const links = [link({ id: 'old' }), link({ id: 'new', createdAt: '2026-01-05T00:00:00.000Z' })]
    expect(sortShareLinks(links).map((l) => l.id)).toEqual(['new', 'old'])
  })
})

describe('parseFrameOrigins', () => {
  it('splits the field on commas and spaces, dropping blanks', () => {
    expect(parseFrameOrigins(' https://a.example, https://b.example:8443\nhttps://c.example ,, ')).toEqual([
      'https://a.example',
      'https://b.example:8443',
      'https://c.example',
    ])
    expect(parseFrameOrigins('  ')).toEqual([])
  })
})
