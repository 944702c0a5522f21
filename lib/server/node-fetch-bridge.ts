/**
 * Between Node's HTTP server and a route handler's Fetch `Request` and `Response`: what `next start` does for a
 * route handler, without Next's own routing, proxy and render pipeline around it. Used by the API router below
 * Next (api-router.ts) and by the test host that serves route handlers over node:http (testing/route-http-host.ts).
 *
 * - The request: its URL names the protocol the client used (`x-forwarded-proto`, as Next reads it) and the Host
 *   it asked for (request-gate.ts has checked it); its body is the bytes sent, read before the handler runs when
 *   their length is declared (the gate has refused a declared length over the largest body limit) and handed on
 *   as a stream otherwise (each route's reader applies its own limit, request-body.ts); its signal aborts when the
 *   client goes away before the answer is sent.
 * - The response: a body of one piece is sent with its length in one write with the head; a longer one (an
 *   export, an event stream) as it comes, each piece once the client has taken the one before; an event stream's
 *   head at once, before its first event. Text bodies of 1 KB or more are gzipped for a client that accepts it, as
 *   Next's compression does, but never an event stream nor a body marked `no-transform`.
 */
import { Readable } from 'node:stream'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { constants as zlibConstants, createGzip, gzip } from 'node:zlib'
import { promisify } from 'node:util'

const gzipped = promisify(gzip)

/** Next compresses bodies from this size (the `compression` package's default threshold). */
export const COMPRESS_FROM_BYTES = 1024
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/([\w.+-]*\+)?(json|x-ndjson|ndjson|javascript|xml)\b)/i

/**
 * Answers `req` on `res` with the Response `handle` makes of its Request, whose signal aborts when the client goes away
 * before the answer is sent.
 */
export async function answerWithFetch(req: IncomingMessage, res: ServerResponse, handle: (request: Request) => Promise<Response>): Promise<void> {
  const clientGone = new AbortController()
  res.once('close', () => {
    if (!res.writableFinished) clientGone.abort()
  })
  const request = await fetchRequestOf(req, clientGone.signal)
  await sendFetchResponse(await handle(request), req, res)
}

/** The request as a route handler takes it; `signal` aborts it. */
async function fetchRequestOf(req: IncomingMessage, signal: AbortSignal): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const one of value) headers.append(name, one)
    else headers.append(name, value)
  }
  const url = `${protocolOf(req)}://${hostOf(req)}${req.url ?? '/'}`
  if (req.method === 'GET' || req.method === 'HEAD') return new Request(url, { method: req.method, headers, signal })
  if (req.headers['content-length'] !== undefined) {
    const body = await readDeclaredBody(req)
    return new Request(url, { method: req.method, headers, body: body.length > 0 ? body : undefined, signal })
  }
  // Chunked: the route reads it as it comes, and stops at its own limit.
  const body = Readable.toWeb(req) as ReadableStream<Uint8Array>
  return new Request(url, { method: req.method, headers, body, signal, duplex: 'half' } as RequestInit)
}

function protocolOf(req: IncomingMessage): 'http' | 'https' {
  const forwarded = req.headers['x-forwarded-proto']
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true
  return encrypted || (typeof forwarded === 'string' && forwarded.includes('https')) ? 'https' : 'http'
}

/** The Host the client asked for when it is one a URL can carry; the address it reached otherwise. */
function hostOf(req: IncomingMessage): string {
  const host = req.headers.host
  if (host && /^[\w.-]+(:\d{1,5})?$|^\[[\da-f:.]+\](:\d{1,5})?$/i.test(host)) return host
  return `localhost:${req.socket.localPort ?? 80}`
}

/** The body's bytes once they have all come (events, not an async iterator: a small body is one chunk, read at once). */
function readDeclaredBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.once('error', reject)
    req.once('end', () => {
      const whole = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)
      resolve(new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength) as Uint8Array<ArrayBuffer>)
    })
    // Closed before its end (the client went away): what came is not the body.
    req.once('close', () => {
      if (!req.complete) reject(new Error('The client went away before sending the whole body.'))
    })
  })
}

/**
 * Sends `response` on `res`: for HEAD the head alone. Resolves once it is sent or the client went away (then the
 * body's stream is cancelled, which is how a handler's event stream hears it).
 */
async function sendFetchResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.statusCode = response.status
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value)
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.setHeader('set-cookie', cookies)
  const body = response.body
  if (!body || req.method === 'HEAD' || response.status === 204 || response.status === 304) {
    await body?.cancel().catch(() => {})
    res.end()
    return
  }
  const reader = body.getReader()
  const gone = () => void reader.cancel().catch(() => {})
  res.once('close', gone)
  try {
    if (isEventStream(response)) {
      res.flushHeaders()
      await pump(reader, res, res, [])
      return
    }
    const compress = compressible(req, response)
    const first = await reader.read()
    if (first.done) return void res.end()
    const second = await reader.read()
    if (second.done) return await sendWhole(first.value, res, compress)
    await pump(reader, res, compress ? gzipInto(res) : res, [first.value, second.value])
  } finally {
    res.off('close', gone)
  }
}

async function sendWhole(bytes: Uint8Array, res: ServerResponse, compress: boolean): Promise<void> {
  if (compress && bytes.byteLength >= COMPRESS_FROM_BYTES) {
    const packed = await gzipped(bytes)
    res.setHeader('content-encoding', 'gzip')
    varyOnEncoding(res)
    res.setHeader('content-length', packed.byteLength)
    res.end(packed)
    return
  }
  if (compress) varyOnEncoding(res)
  res.setHeader('content-length', bytes.byteLength)
  res.end(bytes)
}

/** Where the body's pieces are written: the response itself, or a gzip stream piped into it. */
type Sink = Pick<NodeJS.WritableStream, 'write' | 'end' | 'once' | 'off'>

function gzipInto(res: ServerResponse): Sink {
  res.setHeader('content-encoding', 'gzip')
  res.removeHeader('content-length')
  varyOnEncoding(res)
  // Each piece flushed as written: a long export reaches the client as it is made, as it would uncompressed.
  const gzip = createGzip({ flush: zlibConstants.Z_SYNC_FLUSH })
  gzip.pipe(res)
  return gzip
}

/** Writes the pieces already read, then the rest of the body, each once the client has taken the one before. */
async function pump(reader: ReadableStreamDefaultReader<Uint8Array>, res: ServerResponse, sink: Sink, read: Uint8Array[]): Promise<void> {
  const write = async (chunk: Uint8Array) => {
    if (res.destroyed) return false
    if (!sink.write(chunk)) await drained(sink, res)
    return !res.destroyed
  }
  for (const chunk of read) if (!(await write(chunk))) return
  for (;;) {
    const next = await reader.read()
    if (next.done) break
    if (!(await write(next.value))) return
  }
  sink.end()
}

/** Once the sink can take more, or the client went away; neither listener outlives the wait (a long stream waits often). */
function drained(sink: Sink, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      sink.off('drain', done)
      res.off('close', done)
      resolve()
    }
    sink.once('drain', done)
    res.once('close', done)
  })
}

function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream')
}

function compressible(req: IncomingMessage, response: Response): boolean {
  if (response.headers.has('content-encoding')) return false
  if (/\bno-transform\b/i.test(response.headers.get('cache-control') ?? '')) return false
  if (!COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return false
  return acceptsGzip(req.headers['accept-encoding'])
}

/** Whether an Accept-Encoding header takes gzip (or anything) with a weight above zero. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';')
    if (name !== 'gzip' && name !== '*') continue
    const weight = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (weight === undefined || Number(weight.slice(2)) > 0) return true
  }
  return false
}

function varyOnEncoding(res: ServerResponse): void {
  const vary = res.getHeader('vary')
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary)
  if (!/\baccept-encoding\b/i.test(current)) res.setHeader('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding')
}
