import { describe, expect, it } from 'vitest'
import { clientAddress, trustedProxiesFromEnv } from './client-address'

const none = trustedProxiesFromEnv({})
const proxies = trustedProxiesFromEnv({ AGENTLOOM_TRUSTED_PROXIES: '10.0.0.5, 10.1.0.0/16, fd00::/8' })

describe('client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('198.51.100.7', '203.0.113.1', none)).toBe('198.51.100.7')
    expect(clientAddress('::ffff:198.51.100.7', undefined, none)).toBe('198.51.100.7')
    expect(clientAddress('10.0.0.9', '203.0.113.1', proxies)).toBe('10.0.0.9')
  })

  it("is the right-most untrusted hop of a trusted proxy's X-Forwarded-For", () => {
    expect(clientAddress('10.0.0.5', '203.0.113.1', proxies)).toBe('203.0.113.1')
    // The client wrote the left part itself; the proxies appended the rest.
    expect(clientAddress('10.0.0.5', '1.2.3.4, 203.0.113.1, 10.1.4.4', proxies)).toBe('203.0.113.1')
    expect(clientAddress('fd00::1', '2001:db8::9', proxies)).toBe('2001:db8::9')
  })

  it('stops at a hop that is not an address, and falls back to the peer without the header', () => {
    expect(clientAddress('10.0.0.5', 'garbage, 10.1.0.3', proxies)).toBe('10.1.0.3')
    expect(clientAddress('10.0.0.5', undefined, proxies)).toBe('10.0.0.5')
    expect(clientAddress(undefined, '203.0.113.1', proxies)).toBeUndefined()
  })

  it('refuses an AGENTLOOM_TRUSTED_PROXIES entry that is not an address or range', () => {
    for (const bad of ['proxy.example', '10.0.0.0/33', '10.0.0.0/x', '10.0.0.1/8/9']) {
      expect(() => trustedProxiesFromEnv({ AGENTLOOM_TRUSTED_PROXIES: bad })).toThrow(/AGENTLOOM_TRUSTED_PROXIES/)
    }
  })
})
