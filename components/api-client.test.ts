import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { registerRenewalPrompt } from './account/session-renewal'
import { ApiError, apiErrorFrom, fetchJson, fetchParsed, requestFieldError } from './api-client'

/** Canned answers by path, served by a real HTTP server so that fetch runs for real. */
const ANSWERS: Record<string, { status: number; body: string }> = {
  '/ok': { status: 200, body: JSON.stringify({ items: [{ id: 'a' }] }) },
  '/drifted': { status: 200, body: JSON.stringify({ items: [{ id: 1 }] }) },
  '/refused': { status: 409, body: JSON.stringify({ error: { code: 'confirm_required', message: 'Confirm first.', details: { others: 2 } } }) },
  '/broken': { status: 502, body: '<html>Bad gateway</html>' },
}

let signedIn = false

describe('the components API client', () => {
  let server: Server
  let origin: string
  beforeAll(async () => {
    server = createServer((request, response) => {
      // Signed out until the test "signs in again" (the renewal prompt below).
      if (request.url === '/api/session-bound') {
        let sent = ''
        request.on('data', (chunk: Buffer) => (sent += chunk.toString()))
        request.on('end', () => {
          if (signedIn) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: request.method, sent }))
          else
            response
              .writeHead(401, { 'content-type': 'application/json' })
              .end(JSON.stringify({ error: { code: 'unauthenticated', message: 'Sign in first.' } }))
        })
        return
      }
      const answer = ANSWERS[request.url ?? ''] ?? { status: 404, body: '' }
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const items = z.object({ items: z.array(z.object({ id: z.string() })) })

  it('gives an answer that fits its contract', async () => {
    await expect(fetchParsed(items, `${origin}/ok`)).resolves.toEqual({ items: [{ id: 'a' }] })
    await expect(fetchJson(`${origin}/ok`)).resolves.toEqual({ items: [{ id: 'a' }] })
  })

  it('turns an answer that does not fit its contract into unexpected_response', async () => {
    const error = await fetchParsed(items, `${origin}/drifted`).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 200, code: 'unexpected_response', message: `Unexpected answer from ${origin}/drifted.` })
  })

  it("keeps an error answer's code, message and details; a 4xx is the user's error", async () => {
    const error = await fetchParsed(items, `${origin}/refused`).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ status: 409, code: 'confirm_required', message: 'Confirm first.', details: { others: 2 }, userError: true })
  })

  it('names the status when an error answer is not the API’s JSON', async () => {
    const error = await fetchJson(`${origin}/broken`).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ status: 502, code: 'http_502', message: 'Request failed (502).', userError: false })
    expect(apiErrorFrom(400, { error: { message: '' } })).toMatchObject({ code: 'http_400', message: 'Request failed (400).' })
  })

  it("reads the sign-in library's own error answers (a top-level code and message)", () => {
    expect(apiErrorFrom(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })).toMatchObject({
      status: 401,
      code: 'invalid_email_or_password',
      message: 'Invalid email or password',
    })
  })

  it('signs in again in place when the session ended, then sends the same request once more', async () => {
    signedIn = false
    let asked = 0
    const unregister = registerRenewalPrompt((finish) => {
      asked++
      signedIn = true
      finish(true)
    })
    try {
      await expect(fetchJson(`${origin}/api/session-bound`, { method: 'POST', body: JSON.stringify({ keep: 'me' }) })).resolves.toEqual({
        method: 'POST',
        sent: '{"keep":"me"}',
      })
      expect(asked).toBe(1)
    } finally {
      unregister()
    }
  })

  it('keeps the 401 when the person declines to sign in again, or when nobody can be asked', async () => {
    signedIn = false
    const unregister = registerRenewalPrompt((finish) => finish(false))
    await expect(fetchJson(`${origin}/api/session-bound`)).rejects.toMatchObject({ status: 401, code: 'unauthenticated' })
    unregister()
    await expect(fetchJson(`${origin}/api/session-bound`)).rejects.toMatchObject({ status: 401, code: 'unauthenticated' })
  })

  it('reports a server it cannot reach as network_error', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    await expect(fetchJson(`http://127.0.0.1:${port}/ok`)).rejects.toMatchObject({ status: 0, code: 'network_error' })
  })
})

describe('requestFieldError', () => {
  const invalid = new ApiError(400, 'invalid_request', 'Invalid request: name: Too long.', {
    issues: [
      { path: 'description', message: 'Too short.' },
      { path: 'name', message: 'Too long.' },
    ],
  })

  it("gives the contract's words about the one field", () => {
    expect(requestFieldError(invalid, 'name')).toBe('Too long.')
  })

  it('gives nothing for another field, another error or details of another shape', () => {
    expect(requestFieldError(invalid, 'settings')).toBeUndefined()
    expect(requestFieldError(new ApiError(409, 'conflict', 'Taken.', { issues: [{ path: 'name', message: 'x' }] }), 'name')).toBeUndefined()
    expect(requestFieldError(new ApiError(400, 'invalid_request', 'Bad.', 'no issues'), 'name')).toBeUndefined()
    expect(requestFieldError(new Error('boom'), 'name')).toBeUndefined()
  })
})
