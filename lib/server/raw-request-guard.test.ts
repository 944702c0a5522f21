import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installRawRequestGuard, rawRequestVerdict } from './raw-request-guard'

describe('rawRequestVerdict', () => {
  it('answers only what Next cannot turn into a Request', () => {
    expect(rawRequestVerdict('GET', '/api/runs/abc?x=1', {})).toBeUndefined()
    expect(rawRequestVerdict('PROPFIND', '/api/runs', {})).toBeUndefined()
    expect(rawRequestVerdict('TRACE', '/api/runs', {})).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD, POST, OPTIONS' } })
    expect(rawRequestVerdict('TRACK', '/', {})).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' } })
    expect(rawRequestVerdict('GET', '/api/runs/%ff?x', {})).toMatchObject({ status: 400, body: { error: { code: 'invalid_path' } } })
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

  function send(method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method, path }, (response) => {
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
})
