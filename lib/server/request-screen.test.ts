import { describe, expect, it } from 'vitest'
import { screenRequest } from './request-screen'

const limits = { default: 1000, import: 5000 }
const screen = (method: string, pathname: string, headers: Record<string, string> = {}) =>
  screenRequest({ method, pathname, headers: new Headers(headers) }, limits)

describe('screenRequest', () => {
  it('lets well-formed requests for a route’s own methods through', () => {
    expect(screen('GET', '/api/runs')).toEqual({ ok: true })
    expect(screen('HEAD', '/api/runs/abc')).toEqual({ ok: true })
    expect(screen('POST', '/api/mcp-servers/import', { 'content-length': '4000' })).toEqual({ ok: true })
    expect(screen('GET', '/workflows')).toEqual({ ok: true })
  })

  it('refuses malformed percent-encoding anywhere in the path with a 400', () => {
    for (const path of ['/api/runs/%ff', '/api/runs/%', '/api/runs/%zz/cancel', '/api/skills/%ED%A0%80', '/runs/%E0%A4']) {
      expect(screen('GET', path)).toMatchObject({ ok: false, status: 400, body: { error: { code: 'invalid_path' } } })
    }
    expect(screen('GET', '/api/skills/caf%C3%A9')).toEqual({ ok: true })
  })

  it('answers a method the route does not export with 405 and Allow, TRACE and unknown methods included', () => {
    for (const method of ['TRACE', 'PUT', 'PROPFIND', 'DELETE']) {
      expect(screen(method, '/api/runs/abc')).toMatchObject({
        ok: false,
        status: 405,
        headers: { allow: 'GET, HEAD, OPTIONS' },
        body: { error: { code: 'method_not_allowed', details: { allowed: ['GET', 'HEAD', 'OPTIONS'] } } },
      })
    }
    expect(screen('GET', '/api/runs/abc/cancel')).toMatchObject({ status: 405, headers: { allow: 'POST, OPTIONS' } })
    expect(screen('PUT', '/api/workflows/w/versions/a%2Fb')).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD, OPTIONS' } })
  })

  it('answers OPTIONS with 204 and Allow, without CORS headers', () => {
    expect(screen('OPTIONS', '/api/skills/x')).toEqual({ ok: false, status: 204, headers: { allow: 'GET, HEAD, PATCH, DELETE, OPTIONS' } })
  })

  it('leaves unknown API paths to the fallback route, except methods no route can export', () => {
    expect(screen('PUT', '/api/nothing/here')).toEqual({ ok: true })
    expect(screen('TRACE', '/api/nothing/here')).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
    expect(screen('GET', '/api/')).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
  })

  it('screens the OpenAI-compatible /v1 routes as API routes, refusing in OpenAI’s error shape', () => {
    expect(screen('POST', '/v1/responses')).toEqual({ ok: true })
    expect(screen('GET', '/v1/responses')).toEqual({
      ok: false,
      status: 405,
      headers: { allow: 'POST, OPTIONS' },
      body: { error: { message: '/v1/responses answers POST, OPTIONS, not GET.', type: 'invalid_request_error', param: null, code: 'method_not_allowed' } },
    })
    expect(screen('DELETE', '/v1/models')).toMatchObject({ status: 405, body: { error: { type: 'invalid_request_error', code: 'method_not_allowed' } } })
    // Unknown paths go to the /v1 fallback route (OpenAI's 404), but methods no route can export and /v1 itself.
    expect(screen('POST', '/v1/nothing/here')).toEqual({ ok: true })
    for (const [method, path] of [
      ['TRACE', '/v1/nothing'],
      ['GET', '/v1'],
    ]) {
      expect(screen(method, path)).toMatchObject({ status: 404, body: { error: { type: 'not_found_error', code: 'not_found', param: null } } })
    }
    expect(screen('GET', '/v1/responses/%ff')).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error', code: 'invalid_path' } } })
    expect(screen('POST', '/v1/responses', { 'content-length': '5001' })).toMatchObject({
      status: 413,
      body: { error: { type: 'invalid_request_error', code: 'payload_too_large' } },
    })
  })

  it('refuses a declared body larger than any limit at once', () => {
    expect(screen('POST', '/api/runs', { 'content-length': '5001' })).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large' } } })
    expect(screen('POST', '/api/runs', { 'content-length': 'nonsense' })).toEqual({ ok: true })
  })
})
