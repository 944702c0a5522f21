import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { isFresh, matchingSignature, parseSignatureHeader, signatureHeader } from './webhook-signature'

describe('webhook signatures', () => {
  const secret = 'whsec_test'
  const body = '{"city":"Lyon"}'

  it('signs "<t>.<body>" with HMAC-SHA256 in hex, as documented', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex')
    expect(signatureHeader(secret, body, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`)
  })

  it('matches any of several v1 signatures and ignores unknown schemes', () => {
    const good = signatureHeader(secret, body, 1_700_000_000).split('v1=')[1]
    const header = parseSignatureHeader(`t=1700000000, v0=abc, v1=${'0'.repeat(64)}, v1=${good}`)!
    expect(matchingSignature(secret, header, body)).toBe(good)
    expect(matchingSignature(secret, header, body + ' ')).toBeUndefined()
  })

  it('refuses malformed headers', () => {
    for (const header of [null, '', 't=1', 'v1=' + 'a'.repeat(64), 't=x,v1=' + 'a'.repeat(64), 't=1,v1=short'])
      expect(parseSignatureHeader(header)).toBeUndefined()
  })

  it('takes timestamps within five minutes either way', () => {
    const now = new Date(1_700_000_000_000)
    expect(isFresh(1_700_000_000 - 300, now)).toBe(true)
    expect(isFresh(1_700_000_000 + 300, now)).toBe(true)
    expect(isFresh(1_700_000_000 - 301, now)).toBe(false)
    expect(isFresh(1_700_000_000 + 301, now)).toBe(false)
  })
})
