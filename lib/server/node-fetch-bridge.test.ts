/**
 * The bridge between Node's HTTP server and a route handler's Request and Response, through a real node:http
 * server on loopback and real clients (fetch, and node:http where the bytes on the wire matter).
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { acceptsGzip, answerWithFetch, COMPRESS_FROM_BYTES } from './node-fetch-bridge'

let server: Server | undefined

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
})

/** Serves `handle` with the bridge; the signal of the request it gets aborts when the client goes away. */
async function serve(handle: (request: Request) => Promise<Response> | Response): Promise<string> {
  server = createServer((req, res) => {
    // A client that went away mid-request is not a failure of the test.
    answerWithFetch(req, res, async (request) => handle(request)).catch(() => res.destroy())
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A raw request: status, headers and the body's bytes as sent (no decoding). */
function raw(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string[] } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    for (const piece of init.body ?? []) req.write(piece)
    req.end()
  })
}

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) }

describe('the request a route handler gets', () => {
  it('has the URL the client asked for (its Host and, behind a proxy, its protocol), its method, headers and body', async () => {
    const url = await serve(async (request) =>
      Response.json({ url: request.url, method: request.method, custom: request.headers.get('x-custom'), body: await request.text() }),
    )
    const port = new URL(url).port
    const sent = await raw(`${url}/api/thing?x=1`, {
      method: 'POST',
      headers: { 'x-custom': 'yes', 'content-type': 'application/json', 'content-length': '10', 'x-forwarded-proto': 'https' },
      body: ['{"a":', '"bc"}'],
    })
    expect(JSON.parse(sent.body.toString())).toEqual({ url: `https://127.0.0.1:${port}/api/thing?x=1`, method: 'POST', custom: 'yes', body: '{"a":"bc"}' })
  })

  it('reads a body sent in chunks without a declared length as a stream', async () => {
    const url = await serve(async (request) => new Response(await request.text()))
    const sent = await raw(`${url}/upload`, { method: 'PUT', headers: { 'transfer-encoding': 'chunked' }, body: ['one ', 'two ', 'three'] })
    expect(sent.body.toString()).toBe('one two three')
  })

  it('never hands the handler a body whose client went away before sending all of it', async () => {
    let handled = false
    const url = await serve(async (request) => {
      handled = true
      return new Response(await request.text())
    })
    const { hostname, port } = new URL(url)
    await new Promise<void>((resolve) => {
      const req = httpRequest({ hostname, port, path: '/upload', method: 'POST', headers: { 'content-length': '100' } })
      req.on('error', () => resolve())
      req.write('only ten b', () => setTimeout(() => req.destroy(), 50))
      req.on('close', () => resolve())
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(handled).toBe(false)
  })

  it('names the address it reached when the Host header is not one a URL can carry', async () => {
    const url = await serve((request) => new Response(new URL(request.url).host))
    const sent = await raw(`${url}/`, { headers: { host: 'bad host/with spaces' } })
    expect(sent.body.toString()).toBe(`localhost:${new URL(url).port}`)
  })

  it('aborts its signal when the client goes away before the answer, and cancels the body being streamed', async () => {
    let aborted: () => void = () => {}
    const abortedSeen = new Promise<void>((resolve) => (aborted = resolve))
    let cancelled: () => void = () => {}
    const cancelSeen = new Promise<void>((resolve) => (cancelled = resolve))
    const url = await serve((request) => {
      request.signal.addEventListener('abort', () => aborted())
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode('data: first\n\n')),
        cancel: () => cancelled(),
      })
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
    })
    const client = new AbortController()
    const response = await fetch(`${url}/events`, { signal: client.signal })
    const reader = response.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: first\n\n')
    client.abort()
    await Promise.all([abortedSeen, cancelSeen])
  })
})

describe('the response sent', () => {
  it('sends a small body whole with its length, uncompressed', async () => {
    const url = await serve(() => Response.json({ ok: true }, { status: 201 }))
    const sent = await raw(url, { headers: { 'accept-encoding': 'gzip' } })
    expect(sent.status).toBe(201)
    expect(sent.headers['content-length']).toBe(String(sent.body.length))
    expect(sent.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(sent.body.toString())).toEqual({ ok: true })
  })

  it(`gzips a text body of ${COMPRESS_FROM_BYTES} bytes or more for a client that accepts it, and only then`, async () => {
    const url = await serve(() => Response.json(big))
    const packed = await raw(url, { headers: { 'accept-encoding': 'br, gzip;q=0.8' } })
    expect(packed.headers['content-encoding']).toBe('gzip')
    expect(packed.headers.vary).toMatch(/accept-encoding/i)
    expect(JSON.parse(gunzipSync(packed.body).toString())).toEqual(big)
    for (const refuses of [undefined, 'br', 'gzip;q=0']) {
      const plain = await raw(url, { headers: refuses ? { 'accept-encoding': refuses } : {} })
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(JSON.parse(plain.body.toString())).toEqual(big)
    }
    // fetch asks for gzip and decodes it.
    expect(await (await fetch(url)).json()).toEqual(big)
  })

  it('does not compress a body marked no-transform, nor one that is not text', async () => {
    const text = JSON.stringify(big)
    const url = await serve((request) =>
      request.url.endsWith('/binary')
        ? new Response(new Uint8Array(4096), { headers: { 'content-type': 'application/octet-stream' } })
        : new Response(text, { headers: { 'content-type': 'application/json', 'cache-control': 'no-cache, no-transform' } }),
    )
    for (const path of ['/binary', '/kept']) {
      const sent = await raw(`${url}${path}`, { headers: { 'accept-encoding': 'gzip' } })
      expect(sent.headers['content-encoding']).toBeUndefined()
    }
  })

  it('streams a body of many pieces, gzipped as it goes, whole at the end', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => `${JSON.stringify({ line: i })}\n`)
    const url = await serve(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull: (controller) => {
              const next = lines.shift()
              if (next === undefined) controller.close()
              else controller.enqueue(new TextEncoder().encode(next))
            },
          }),
          { headers: { 'content-type': 'application/x-ndjson' } },
        ),
    )
    const sent = await raw(url, { headers: { 'accept-encoding': 'gzip' } })
    expect(sent.headers['content-encoding']).toBe('gzip')
    expect(sent.headers['transfer-encoding']).toBe('chunked')
    const text = gunzipSync(sent.body).toString().trim().split('\n')
    expect(text).toHaveLength(300)
    expect(JSON.parse(text[299])).toEqual({ line: 299 })
  })

  it('waits for a slow client to take each piece, without piling up listeners while it waits', async () => {
    const piece = new Uint8Array(64 * 1024).fill(120)
    let left = 300
    const url = await serve(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull: (controller) => (left-- > 0 ? controller.enqueue(piece) : controller.close()),
          }),
          { headers: { 'content-type': 'application/octet-stream' } },
        ),
    )
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.name)
    process.on('warning', onWarning)
    try {
      const received = await new Promise<number>((resolve, reject) => {
        httpRequest(url, (res) => {
          let bytes = 0
          res.pause()
          // Taken slowly: the server's writes fill the socket and it must wait, many times over.
          const take = () => {
            let chunk: Buffer | null
            while ((chunk = res.read() as Buffer | null)) bytes += chunk.length
            if (!res.readableEnded) setTimeout(take, 1)
          }
          res.on('end', () => resolve(bytes))
          res.on('error', reject)
          setTimeout(take, 50)
        })
          .on('error', reject)
          .end()
      })
      expect(received).toBe(300 * piece.length)
      expect(warnings).not.toContain('MaxListenersExceededWarning')
    } finally {
      process.off('warning', onWarning)
    }
  })

  it('sends an event stream’s head before its first event, its events as they come, never compressed', async () => {
    let send: (text: string) => void = () => {}
    let close: () => void = () => {}
    const url = await serve(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start: (controller) => {
              send = (text) => controller.enqueue(new TextEncoder().encode(text))
              close = () => controller.close()
            },
          }),
          { headers: { 'content-type': 'text/event-stream; charset=utf-8' } },
        ),
    )
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } })
    // The head came with nothing sent yet.
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBeNull()
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    send(`data: ${'x'.repeat(2000)}\n\n`)
    expect((await reader.read()).value).toBe(`data: ${'x'.repeat(2000)}\n\n`)
    send('data: two\n\n')
    expect((await reader.read()).value).toBe('data: two\n\n')
    close()
    expect((await reader.read()).done).toBe(true)
  })

  it('keeps every cookie the handler sets, answers HEAD with the head alone, and sends 204 without a body', async () => {
    const url = await serve((request) => {
      if (request.url.endsWith('/empty')) return new Response(null, { status: 204 })
      const headers = new Headers({ 'content-type': 'application/json' })
      headers.append('set-cookie', 'a=1; Path=/; HttpOnly')
      headers.append('set-cookie', 'b=2; Path=/')
      return new Response(JSON.stringify(big), { headers })
    })
    const got = await raw(url)
    expect(got.headers['set-cookie']).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/'])
    const head = await raw(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toBe('application/json')
    expect(head.body.length).toBe(0)
    const empty = await raw(`${url}/empty`)
    expect(empty.status).toBe(204)
    expect(empty.body.length).toBe(0)
  })
})

describe('acceptsGzip', () => {
  it('reads Accept-Encoding with its weights', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true)
    expect(acceptsGzip('GZIP')).toBe(true)
    expect(acceptsGzip('*')).toBe(true)
    expect(acceptsGzip('br;q=1, gzip;q=0.5')).toBe(true)
    expect(acceptsGzip('gzip;q=0')).toBe(false)
    expect(acceptsGzip('br, identity')).toBe(false)
    expect(acceptsGzip(undefined)).toBe(false)
  })
})
