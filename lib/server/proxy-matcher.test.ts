import { describe, expect, it } from 'vitest'
import { config } from '@/proxy'
import { proxyMatcher } from './testing/proxy-matcher'

describe("proxy.ts's matcher", () => {
  const runsProxy = proxyMatcher(config.matcher)

  it('leaves the API to the guard below Next', () => {
    for (const path of ['/api/runs', '/api/runs/abc/events', '/api/auth/sign-in/email', '/v1/responses', '/v1/models', '/mcp']) {
      expect(runsProxy(path), path).toBe(false)
    }
  })

  it('runs for every page, a page whose name begins like an API path included, and for what the guard does not gate', () => {
    for (const path of ['/', '/workflows/abc', '/mcp-servers', '/apis', '/v1beta', '/share/token', '/sign-in', '/api', '/v1', '/mcp/']) {
      expect(runsProxy(path), path).toBe(true)
    }
  })

  it("leaves Next's static files alone", () => {
    expect(runsProxy('/_next/static/chunks/app.js')).toBe(false)
    expect(runsProxy('/favicon.ico')).toBe(false)
  })
})
