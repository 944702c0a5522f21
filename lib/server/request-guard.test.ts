import { describe, expect, it } from 'vitest'
import { allowedHostsFromEnv, checkRequest } from './request-guard'

const request = (method: string, pathname: string, headers: Record<string, string>) => ({
  method,
  pathname,
  headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
})
const hosts = allowedHostsFromEnv({})

describe('checkRequest', () => {
  it('lets the app’s own pages, and clients that are not browsers, do anything', () => {
    expect(
      checkRequest(request('POST', '/api/runs', { host: 'localhost:3000', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }), hosts),
    ).toEqual({ ok: true })
    expect(checkRequest(request('POST', '/api/runs', { host: '127.0.0.1:3000' }), hosts)).toEqual({ ok: true })
    expect(checkRequest(request('DELETE', '/api/share-links/x', { host: '[::1]:3000', origin: 'http://[::1]:3000' }), hosts)).toEqual({ ok: true })
  })

  it('refuses changes another site asks a browser to make', () => {
    const fromElsewhere = checkRequest(
      request('POST', '/api/mcp-servers', { host: 'localhost:3000', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
      hosts,
    )
    expect(fromElsewhere).toMatchObject({ ok: false, status: 403, code: 'cross_origin_request' })
    expect(checkRequest(request('POST', '/api/runs', { host: 'localhost:3000', origin: 'http://localhost:4000' }), hosts)).toMatchObject({ ok: false })
    expect(checkRequest(request('POST', '/api/runs', { host: 'localhost:3000', 'sec-fetch-site': 'same-site' }), hosts)).toMatchObject({ ok: false })
    expect(checkRequest(request('POST', '/api/runs', { host: 'localhost:3000', origin: 'null' }), hosts)).toMatchObject({ ok: false })
  })

  it('lets other sites read nothing through DNS rebinding: unknown Host names are refused everywhere', () => {
    expect(checkRequest(request('GET', '/api/runs', { host: 'attacker.example:3000' }), hosts)).toMatchObject({ ok: false, code: 'host_not_allowed' })
    expect(checkRequest(request('GET', '/workflows', { host: 'attacker.example' }), hosts)).toMatchObject({ ok: false })
    expect(checkRequest(request('GET', '/api/runs', { host: 'localhost:3000', origin: 'https://evil.example' }), hosts)).toEqual({ ok: true })
  })

  it('serves further names from AGENTLOOM_ALLOWED_HOSTS and HOST, or any with *', () => {
    const configured = allowedHostsFromEnv({ AGENTLOOM_ALLOWED_HOSTS: 'agents.example.com, intra', HOST: 'box.lan' })
    for (const host of ['agents.example.com', 'intra:8080', 'box.lan:3000'])
      expect(checkRequest(request('GET', '/', { host }), configured)).toEqual({ ok: true })
    expect(checkRequest(request('GET', '/', { host: 'anything' }), allowedHostsFromEnv({ AGENTLOOM_ALLOWED_HOSTS: '*' }))).toEqual({ ok: true })
  })
})
