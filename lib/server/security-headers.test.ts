import { describe, expect, it } from 'vitest'
import { baselineSecurityHeaders, contentSecurityPolicy, scriptNonce, securityHeaders, securityHeaderSettingsFromEnv } from './security-headers'

const production = { development: false, https: false }

describe('security headers', () => {
  it("refuse framing, sniffing and powerful features; scripts only from this origin and the page's nonce", () => {
    const headers = securityHeaders(production, { nonce: 'abc123' })
    expect(headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self' 'nonce-abc123'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
        "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    )
    expect(headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' })
    expect(headers['permissions-policy']).toContain('camera=(), ')
    expect(headers['permissions-policy']).toContain('geolocation=()')
    expect(headers).not.toHaveProperty('strict-transport-security')
  })

  it("allow eval only in development, and add HSTS when the app's public URL is https", () => {
    expect(contentSecurityPolicy({ development: true, https: false })).toContain("script-src 'self' 'unsafe-eval'")
    expect(contentSecurityPolicy(production)).not.toContain('unsafe-eval')
    const https = securityHeaderSettingsFromEnv({ AGENTLOOM_PUBLIC_URL: 'https://agentloom.example.com', NODE_ENV: 'production' })
    expect(securityHeaders(https)['strict-transport-security']).toBe('max-age=31536000')
    expect(securityHeaders(https)['content-security-policy']).toContain('upgrade-insecure-requests')
    expect(securityHeaderSettingsFromEnv({ AGENTLOOM_PUBLIC_URL: 'http://10.0.0.2:3000' }).https).toBe(false)
  })

  it('let a share page be framed by the origins its owner listed, and send no Referer from it', () => {
    const headers = securityHeaders(production, { nonce: 'n', share: { frameOrigins: ['https://wiki.example.com', 'http://127.0.0.1:4000'] } })
    expect(headers['content-security-policy']).toContain('frame-ancestors https://wiki.example.com http://127.0.0.1:4000')
    expect(headers).not.toHaveProperty('x-frame-options')
    expect(headers['referrer-policy']).toBe('no-referrer')
    expect(securityHeaders(production, { share: { frameOrigins: [] } })).toMatchObject({ 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' })
  })

  it('start every response, static files and share paths included, refusing to be framed', () => {
    expect(baselineSecurityHeaders(production, '/_next/static/chunks/app.js')).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' })
    expect(baselineSecurityHeaders(production, '/api/share/tok')).toMatchObject({ 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' })
    // A share page's X-Frame-Options is proxy.ts's to decide; frame-ancestors 'none' stands until it does.
    const sharePage = baselineSecurityHeaders(production, '/share/tok')
    expect(sharePage).not.toHaveProperty('x-frame-options')
    expect(sharePage['content-security-policy']).toContain("frame-ancestors 'none'")
    // So is a published agent's chat page's (issue #32); its API sends no Referer either.
    const chatPage = baselineSecurityHeaders(production, '/chat/tok')
    expect(chatPage).not.toHaveProperty('x-frame-options')
    expect(chatPage['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(baselineSecurityHeaders(production, '/chat/tok/more')).toMatchObject({ 'x-frame-options': 'DENY' })
    expect(baselineSecurityHeaders(production, '/api/public/chat/tok')).toMatchObject({ 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' })
    // A published workflow's form keeps its token out of Referer, and is never framed.
    expect(baselineSecurityHeaders(production, '/form/tok')).toMatchObject({ 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' })
  })

  it('make a fresh nonce each time', () => {
    const nonces = new Set(Array.from({ length: 20 }, scriptNonce))
    expect(nonces.size).toBe(20)
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  })
})
