import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installRawRequestGuard, rawRequestVerdict, routedPath } from './raw-request-guard'

const LOOPBACK = new Set(['127.0.0.1', 'localhost'])

describe('routedPath', () => {
  it('is the path with dot segments resolved, its percent-encoding otherwise as sent', () => {
    expect(routedPath('/api/runs?x=1')).toBe('/api/runs')
    expect(routedPath('/workflows/../api/runs')).toBe('/api/runs')
    expect(routedPath('/workflows/%2E%2e/api/runs')).toBe('/api/runs')
    expect(routedPath('/api/runs/%ff')).toBe('/api/runs/%ff')
    expect(routedPath('//api/runs')).toBe('//api/runs')
    expect(routedPath(undefined)).toBe('/')
  })
})

describe('rawRequestVerdict', () => {
  it('on pages, answers only what Next cannot turn into a Request', () => {
    expect(rawRequestVerdict('GET', '/workflows/abc?x=1', {}, LOOPBACK)).toBeUndefined()
    expect(rawRequestVerdict('POST', '/workflows', { origin: 'https://attacker.example' }, LOOPBACK)).toBeUndefined()
    expect(rawRequestVerdict('TRACK', '/', {}, LOOPBACK)).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' } })
    expect(rawRequestVerdict('GET', '/workflows/%ff', {}, LOOPBACK)).toMatchObject({ status: 400, body: { error: { code: 'invalid_path' } } })
  })

  it('is the gate of the API, which proxy.ts leaves to it: host, cross-site changes, the screen', () => {
    expect(rawRequestVerdict('GET', '/api/runs/abc?x=1', { host: '127.0.0.1:3000' }, LOOPBACK)).toBeUndefined()
    expect(rawRequestVerdict('POST', '/api/runs', { host: '127.0.0.1:3000', 'sec-fetch-site': 'same-origin' }, LOOPBACK)).toBeUndefined()
    expect(rawRequestVerdict('GET', '/api/runs', { host: 'rebound.example' }, LOOPBACK)).toMatchObject({
      status: 403,
      body: { error: { code: 'host_not_allowed' } },
    })
    expect(rawRequestVerdict('POST', '/api/runs', { host: '127.0.0.1:3000', 'sec-fetch-site': 'cross-site' }, LOOPBACK)).toMatchObject({
      status: 403,
      body: { error: { code: 'cross_origin_request' } },
    })
    expect(rawRequestVerdict('PROPFIND', '/api/runs', {}, LOOPBACK)).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD, POST, OPTIONS' } })
    expect(rawRequestVerdict('TRACE', '/api/runs', {}, LOOPBACK)).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD, POST, OPTIONS' } })
    expect(rawRequestVerdict('OPTIONS', '/api/runs', {}, LOOPBACK)).toEqual({ status: 204, headers: { allow: 'GET, HEAD, POST, OPTIONS' } })
    expect(rawRequestVerdict('GET', '/api/runs/%ff?x', {}, LOOPBACK)).toMatchObject({ status: 400, body: { error: { code: 'invalid_path' } } })
    expect(rawRequestVerdict('GET', '/api/no-such-thing', {}, LOOPBACK)).toBeUndefined() // the JSON 404 of the fallback route
    expect(rawRequestVerdict('POST', '/api/runs', { 'content-length': String(1024 ** 3) }, LOOPBACK)).toMatchObject({ status: 413 })
    // Dot segments are resolved as Next resolves them before routing: such a path is the API's, not a page's.
    for (const path of ['/workflows/../api/runs', '/workflows/%2e%2e/api/runs', '/./api/runs']) {
      expect(rawRequestVerdict('POST', path, { host: '127.0.0.1:3000', 'sec-fetch-site': 'cross-site' }, LOOPBACK), path).toMatchObject({ status: 403 })
    }
    // Under /v1, in OpenAI's error shape, which its clients read.
    expect(rawRequestVerdict('POST', '/v1/responses', { origin: 'https://attacker.example', host: '127.0.0.1:3000' }, LOOPBACK)).toBeUndefined()
    expect(rawRequestVerdict('DELETE', '/v1/responses', {}, LOOPBACK)).toMatchObject({
      status: 405,
      body: { error: { type: 'invalid_request_error', code: 'method_not_allowed' } },
    })
  })
})

describe('installRawRequestGuard on a real HTTP server', () => {
  let server: http.Server
  let port: number
  let removeGuard: () => void
  beforeAll(async () => {
    removeGuard = installRawRequestGuard()
    installRawRequestGuard() // a second call changes nothing
    server = http.createServer((_request, response) => response.end('reached the app'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    // Unit test files share a thread (vitest.config.ts): the next one sees Node's own http.Server.
    removeGuard()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  function send(
    method: string,
    path: string,
    headers: http.OutgoingHttpHeaders = {},
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
      })
      request.on('error', reject)
      request.end()
    })
  }

  it('answers TRACE and malformed paths in JSON, and passes everything else on', async () => {
    const trace = await send('TRACE', '/api/workflows')
    expect(trace.status).toBe(405)
    expect(trace.headers.allow).toBe('GET, HEAD, POST, OPTIONS')
    expect(JSON.parse(trace.body)).toMatchObject({ error: { code: 'method_not_allowed' } })
    const malformed = await send('GET', '/api/runs/%ff')
    expect(malformed.status).toBe(400)
    expect(JSON.parse(malformed.body)).toMatchObject({ error: { code: 'invalid_path' } })
    expect(await send('GET', '/api/runs')).toMatchObject({ status: 200, body: 'reached the app' })
  })

  it("refuses a cross-site change to the API itself, with the security headers, and passes the app's own", async () => {
    const crossSite = await send('POST', '/api/workflows', { 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    expect(JSON.parse(crossSite.body)).toMatchObject({ error: { code: 'cross_origin_request' } })
    expect(crossSite.headers['x-content-type-options']).toBe('nosniff')
    expect(crossSite.headers['content-security-policy']).toContain("default-src 'self'")
    expect(await send('POST', '/api/workflows', { 'sec-fetch-site': 'same-origin' })).toMatchObject({ status: 200, body: 'reached the app' })
    const options = await send('OPTIONS', '/api/workflows')
    expect(options).toMatchObject({ status: 204, body: '' })
    expect(options.headers['content-type']).toBeUndefined()
  })
})
