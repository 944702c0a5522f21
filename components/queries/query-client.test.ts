import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { MutationObserver, QueryObserver } from '@tanstack/react-query'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError, fetchJson, fetchParsed, postJson } from '@/components/api-client'
import { MAX_QUERY_RETRIES, isRetryableFailure, makeQueryClient, refetchChanged } from './query-client'

/**
 * A real HTTP server whose answers depend on how often a path was asked: `/flaky` fails twice
 * with 503 and then answers, the others always answer the same.
 */
const hits = new Map<string, number>()
function answer(path: string, count: number): { status: number; body: string } {
  if (path === '/flaky') return count <= 2 ? { status: 503, body: '' } : { status: 200, body: JSON.stringify({ ok: true }) }
  if (path === '/broken') return { status: 500, body: JSON.stringify({ error: { code: 'internal', message: 'Broken.' } }) }
  if (path === '/missing') return { status: 404, body: JSON.stringify({ error: { code: 'not_found', message: 'No such thing.' } }) }
  if (path === '/drifted') return { status: 200, body: JSON.stringify({ ok: 'yes' }) }
  return { status: 418, body: '' }
}

describe('the query client', () => {
  let server: Server
  let origin: string
  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? ''
      const count = (hits.get(path) ?? 0) + 1
      hits.set(path, count)
      const { status, body } = answer(path, count)
      response.writeHead(status, { 'content-type': 'application/json' }).end(body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  beforeEach(() => hits.clear())

  // The delay between tries is TanStack's own business; the tests ask for none so they run at once.
  const fetchOnce = <T>(key: string, queryFn: () => Promise<T>) => makeQueryClient().fetchQuery({ queryKey: [key], queryFn, retryDelay: 0 })

  it('tries a query again after a server error until it answers', async () => {
    await expect(fetchOnce('flaky', () => fetchJson(`${origin}/flaky`))).resolves.toEqual({ ok: true })
    expect(hits.get('/flaky')).toBe(3)
  })

  it(`gives up on a server error after ${MAX_QUERY_RETRIES} more tries`, async () => {
    await expect(fetchOnce('broken', () => fetchJson(`${origin}/broken`))).rejects.toMatchObject({ status: 500, code: 'internal' })
    expect(hits.get('/broken')).toBe(1 + MAX_QUERY_RETRIES)
  })

  it('does not ask again after a 4xx, nor after an answer that broke its contract', async () => {
    await expect(fetchOnce('missing', () => fetchJson(`${origin}/missing`))).rejects.toMatchObject({ status: 404, code: 'not_found' })
    await expect(fetchOnce('drifted', () => fetchParsed(z.object({ ok: z.boolean() }), `${origin}/drifted`))).rejects.toMatchObject({
      code: 'unexpected_response',
    })
    expect([hits.get('/missing'), hits.get('/drifted')]).toEqual([1, 1])
  })

  it('tries again when the server cannot be reached', async () => {
    let attempts = 0
    const unreachable = () => {
      attempts++
      return Promise.reject(new ApiError(0, 'network_error', 'Could not reach the server.'))
    }
    await expect(fetchOnce('offline', unreachable)).rejects.toMatchObject({ code: 'network_error' })
    expect(attempts).toBe(1 + MAX_QUERY_RETRIES)
  })

  it('sends a mutation once, even when the server failed', async () => {
    const observer = new MutationObserver(makeQueryClient(), { mutationFn: () => postJson(`${origin}/flaky`, {}) })
    await expect(observer.mutate()).rejects.toMatchObject({ status: 503 })
    expect(hits.get('/flaky')).toBe(1)
  })

  it('treats only ApiErrors of no answer or a 5xx as passing', () => {
    expect(isRetryableFailure(new ApiError(0, 'network_error', ''))).toBe(true)
    expect(isRetryableFailure(new ApiError(502, 'http_502', ''))).toBe(true)
    expect(isRetryableFailure(new ApiError(409, 'conflict', ''))).toBe(false)
    expect(isRetryableFailure(new ApiError(200, 'unexpected_response', ''))).toBe(false)
    expect(isRetryableFailure(new TypeError('x is undefined'))).toBe(false)
  })
})

describe('reading again what changed', () => {
  /** A query on screen whose reads answer what the server held when each began: the first is held back until `release`. */
  function watched() {
    const queryClient = makeQueryClient()
    let server = 'before the turn'
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let reads = 0
    const observer = new QueryObserver(queryClient, {
      queryKey: ['conversation', 'c1'],
      queryFn: async () => {
        reads++
        const answer = server
        if (reads === 1) await held
        return answer
      },
    })
    const unsubscribe = observer.subscribe(() => {})
    return {
      queryClient,
      observer,
      change: (value: string) => (server = value),
      release,
      reads: () => reads,
      unsubscribe,
    }
  }

  it('drops a first read still on its way, which began before the change, and shows a read made after it', async () => {
    const query = watched()
    query.change('with the turn')
    const refetched = refetchChanged(query.queryClient, { queryKey: ['conversation'] })
    query.release()
    await refetched
    await query.queryClient.getQueryCache().find({ queryKey: ['conversation', 'c1'] })!.promise
    expect(query.observer.getCurrentResult().data).toBe('with the turn')
    expect(query.reads()).toBe(2)
    query.unsubscribe()
  })

  it('is needed: marking the query stale alone joins the first read and shows what it found before the change', async () => {
    const query = watched()
    query.change('with the turn')
    const invalidated = query.queryClient.invalidateQueries({ queryKey: ['conversation'] })
    query.release()
    await invalidated
    expect(query.observer.getCurrentResult().data).toBe('before the turn')
    expect(query.reads()).toBe(1)
    query.unsubscribe()
  })
})
