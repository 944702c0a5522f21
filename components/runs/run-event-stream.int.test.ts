/**
 * RunEventStream against a real SSE server on loopback, with the `eventsource` package's
 * spec-following EventSource (Node 20 has no global one).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { EventSource } from 'eventsource'
import { afterEach, describe, expect, it } from 'vitest'
import { RunEventStream, parseRunEvent, withAfter, type EventSourceLike, type StreamState } from './run-event-stream'
import type { RunEvent } from '@/lib/contracts/run-events'

const ALL_EVENTS: RunEvent[] = [1, 2, 3, 4, 5].map((sequence) => ({
  sequence,
  type: sequence === 5 ? 'run_succeeded' : 'executor_invoked',
  data: { executorId: `node-${sequence}` },
  createdAt: '2026-01-01T10:00:00.000Z',
}))

interface SeenRequest {
  url: string
  lastEventId: string | undefined
}

type Behaviour = (request: SeenRequest, index: number, res: ServerResponse) => void

let server: Server | null = null

afterEach(async () => {
  const running = server
  server = null
  if (running) {
    running.closeAllConnections()
    await new Promise<void>((resolve) => running.close(() => resolve()))
  }
})

async function startServer(behaviour: Behaviour): Promise<{ url: string; requests: SeenRequest[] }> {
  const requests: SeenRequest[] = []
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const seen = { url: req.url ?? '', lastEventId: req.headers['last-event-id'] as string | undefined }
    requests.push(seen)
    behaviour(seen, requests.length - 1, res)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/api/runs/run-1/events`, requests }
}

function openStream(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  res.write('retry: 20\n\n')
}

function send(res: ServerResponse, events: RunEvent[]): void {
  for (const event of events) res.write(`id: ${event.sequence}\ndata: ${JSON.stringify(event)}\n\n`)
}

function sendEnd(res: ServerResponse): void {
  res.end('event: end\ndata: {}\n\n')
}

function after(request: SeenRequest): number {
  const query = new URL(request.url, 'http://x').searchParams.get('after')
  return Number(request.lastEventId ?? query ?? 0)
}

function follow(url: string): Promise<{ events: RunEvent[]; states: StreamState[] }> {
  const events: RunEvent[] = []
  const states: StreamState[] = []
  return new Promise((resolve) => {
    const stream = new RunEventStream({
      url,
      onEvent: (event) => events.push(event),
      onStateChange: (state) => {
        states.push(state)
        if (state === 'ended') resolve({ events, states })
      },
      createEventSource: (target) => new EventSource(target) as unknown as EventSourceLike,
      retryDelayMs: () => 20,
    })
    stream.start()
  })
}

describe('RunEventStream', () => {
  it('resumes with Last-Event-ID when the connection drops and stops at the end event', async () => {
    const { url, requests } = await startServer((request, index, res) => {
      openStream(res)
      if (index === 0) {
        send(res, ALL_EVENTS.slice(0, 3))
        res.end() // dropped mid-run
        return
      }
      send(
        res,
        ALL_EVENTS.filter((event) => event.sequence > after(request)),
      )
      sendEnd(res)
    })
    const { events, states } = await follow(url)
    expect(events.map((event) => event.sequence)).toEqual([1, 2, 3, 4, 5])
    expect(requests).toHaveLength(2)
    expect(requests[1]!.lastEventId).toBe('3')
    expect(states).toContain('reconnecting')
    expect(states.at(-1)).toBe('ended')
  })

  it('drops events it already delivered when a server repeats them', async () => {
    const { url } = await startServer((_request, index, res) => {
      openStream(res)
      if (index === 0) {
        send(res, ALL_EVENTS.slice(0, 2))
        res.end()
        return
      }
      send(res, ALL_EVENTS) // ignores Last-Event-ID
      sendEnd(res)
    })
    const { events } = await follow(url)
    expect(events.map((event) => event.sequence)).toEqual([1, 2, 3, 4, 5])
  })

  it('opens a fresh connection with ?after= when the browser gives up', async () => {
    const { url, requests } = await startServer((request, index, res) => {
      if (index === 1) {
        res.writeHead(503, { 'content-type': 'application/json' })
        res.end('{"error":{"code":"unavailable","message":"try again"}}')
        return
      }
      openStream(res)
      if (index === 0) {
        send(res, ALL_EVENTS.slice(0, 3))
        res.end()
        return
      }
      send(
        res,
        ALL_EVENTS.filter((event) => event.sequence > after(request)),
      )
      sendEnd(res)
    })
    const { events } = await follow(url)
    expect(events.map((event) => event.sequence)).toEqual([1, 2, 3, 4, 5])
    expect(requests).toHaveLength(3)
    expect(new URL(requests[2]!.url, 'http://x').searchParams.get('after')).toBe('3')
  })
})

describe('helpers', () => {
  it('parses run events and rejects anything else', () => {
    expect(parseRunEvent('{"sequence":4,"type":"x","data":{"a":1},"createdAt":"t"}')).toEqual({
      sequence: 4,
      type: 'x',
      data: { a: 1 },
      createdAt: 't',
    })
    expect(parseRunEvent('not json')).toBeNull()
    expect(parseRunEvent('{"type":"x"}')).toBeNull()
    expect(parseRunEvent('null')).toBeNull()
  })

  it('sets after= on relative and absolute URLs', () => {
    expect(withAfter('/api/runs/a/events', 0)).toBe('/api/runs/a/events')
    expect(withAfter('/api/runs/a/events', 7)).toBe('/api/runs/a/events?after=7')
    expect(withAfter('http://h/api/runs/a/events?after=2&x=1', 9)).toBe('http://h/api/runs/a/events?after=9&x=1')
  })
})
