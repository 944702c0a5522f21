import { describe, expect, it } from 'vitest'
import { ConnectionFetch, originOf } from './http-fetch'

interface SeenRequest {
  url: string
  headers: Headers
  signal: AbortSignal | null | undefined
}

function recordingFetch(response: () => Response = () => new Response('{}', { headers: { 'content-type': 'application/json' } })) {
  const seen: SeenRequest[] = []
  const fetch = async (url: string | URL, init?: RequestInit) => {
    seen.push({ url: String(url), headers: new Headers(init?.headers), signal: init?.signal })
    return response()
  }
  return { seen, fetch }
}

describe('ConnectionFetch', () => {
  it('sends headerProvider headers only to the server URL origin, with the current call kwargs', async () => {
    const base = recordingFetch()
    const kwargsSeen: unknown[] = []
    const connection = new ConnectionFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      headerProvider: (kwargs) => {
        kwargsSeen.push(kwargs)
        return { authorization: 'Bearer secret' }
      },
      currentKwargs: () => ({ tenant: 't' }),
      onBroken: () => {},
      baseFetch: base.fetch,
    })
    await connection.fetch('https://mcp.example.com:443/mcp', { method: 'POST', headers: { 'x-a': '1' } })
    await connection.fetch('https://auth.example.com/mcp', { method: 'POST' })
    await connection.fetch('http://mcp.example.com/mcp', { method: 'POST' })
    await connection.fetch('https://mcp.example.com:8443/mcp', { method: 'POST' })
    expect(base.seen.map((request) => request.headers.get('authorization'))).toEqual(['Bearer secret', null, null, null])
    expect(base.seen[0]!.headers.get('x-a')).toBe('1')
    expect(kwargsSeen).toEqual([{ tenant: 't' }])
  })

  it('never hands the long-lived transport signal to POST requests', async () => {
    const base = recordingFetch()
    const connection = new ConnectionFetch({
      serverUrl: new URL('http://127.0.0.1:1/mcp'),
      currentKwargs: () => ({}),
      onBroken: () => {},
      baseFetch: base.fetch,
    })
    const longLived = new AbortController().signal
    for (let i = 0; i < 3; i += 1) await connection.fetch('http://127.0.0.1:1/mcp', { method: 'POST', signal: longLived })
    await connection.fetch('http://127.0.0.1:1/mcp', { method: 'GET', signal: longLived })
    const postSignals = base.seen.slice(0, 3).map((request) => request.signal)
    expect(postSignals.every((signal) => signal instanceof AbortSignal && signal !== longLived)).toBe(true)
    expect(new Set(postSignals).size).toBe(3)
    expect(base.seen[3]!.signal).toBe(longLived)
  })

  it('aborts in-flight POST streams on close and reports streams that break on their own', async () => {
    let source!: ReadableStreamDefaultController<Uint8Array>
    const base = recordingFetch(
      () =>
        new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (source = controller) }), {
          headers: { 'content-type': 'text/event-stream' },
        }),
    )
    const broken: unknown[] = []
    const connection = new ConnectionFetch({
      serverUrl: new URL('http://127.0.0.1:1/mcp'),
      currentKwargs: () => ({}),
      onBroken: (error) => broken.push(error),
      baseFetch: base.fetch,
    })
    const response = await connection.fetch('http://127.0.0.1:1/mcp', { method: 'POST' })
    const reader = response.body!.getReader()
    source.enqueue(new TextEncoder().encode('data: {}\n\n'))
    expect((await reader.read()).done).toBe(false)
    source.error(new TypeError('terminated'))
    await expect(reader.read()).rejects.toThrow('terminated')
    expect(broken).toHaveLength(1)

    await connection.fetch('http://127.0.0.1:1/mcp', { method: 'POST' })
    connection.abortAll()
    expect(base.seen[1]!.signal!.aborted).toBe(true)
  })

  it('computes origins with default ports', () => {
    expect(originOf(new URL('https://a.example/x'))).toBe(originOf(new URL('https://a.example:443/y')))
    expect(originOf(new URL('http://a.example/x'))).not.toBe(originOf(new URL('https://a.example/x')))
  })
})
