import { describe, expect, it } from 'vitest'
import { anchorNotice, approvalIdFromHash, placeOfAnchor } from './approval-anchor'

const ID = '0b6f1c1e-6a55-4b7e-9d9e-2f6f0c7a1d42'

describe('approvalIdFromHash', () => {
  it('reads the id of an approval anchor', () => {
    expect(approvalIdFromHash(`#approval-${ID}`)).toBe(ID)
  })

  it('ignores other hashes', () => {
    for (const hash of ['', '#', '#approval-', `#approvals-${ID}`, `approval-${ID}`, '#approval-a b', `#approval-${ID}/x`])
      expect(approvalIdFromHash(hash)).toBeNull()
  })
})

describe('placeOfAnchor', () => {
  const shown = [{ id: 'a' }]
  const waiting = [{ id: 'a' }, { id: 'b' }]

  it('finds a shown card, a waiting one of another workspace, or none', () => {
    expect(placeOfAnchor('a', shown, waiting)).toBe('listed')
    expect(placeOfAnchor('b', shown, waiting)).toBe('elsewhere')
    expect(placeOfAnchor('c', shown, waiting)).toBe('absent')
  })

  it('counts a card shown but no longer waiting (answered on the page) as listed', () => {
    expect(placeOfAnchor('z', [{ id: 'z' }], waiting)).toBe('listed')
  })
})

describe('anchorNotice', () => {
  const now = Date.parse('2026-01-01T12:00:00Z')
  const later = '2026-01-01T12:05:00Z'
  const earlier = '2026-01-01T11:55:00Z'

  it('says an approval the person may not see is unknown', () => {
    expect(anchorNotice(null, now)).toBe('unknown')
  })

  it('says an approved or denied one was answered', () => {
    expect(anchorNotice({ status: 'approved', expiresAt: later }, now)).toBe('answered')
    expect(anchorNotice({ status: 'denied', expiresAt: earlier }, now)).toBe('answered')
  })

  it('says an expired one, or a pending one past its deadline, expired', () => {
    expect(anchorNotice({ status: 'expired', expiresAt: earlier }, now)).toBe('expired')
    expect(anchorNotice({ status: 'pending', expiresAt: earlier }, now)).toBe('expired')
  })

  it('says nothing of one still waiting', () => {
    expect(anchorNotice({ status: 'pending', expiresAt: later }, now)).toBeNull()
  })
})
