/**
 * The statement-counting proxy's own thread (see statement-proxy.ts): a TCP proxy per process role
 * in front of Postgres that reads the client side of the wire protocol (Parse, Bind, Execute, Sync,
 * Query) to count each statement's executions, and the server side (ReadyForQuery) to time each
 * one from its Sync/Query to the server being ready again. Bytes are forwarded untouched; only
 * copies are parsed. A thread of its own, so the bench's HTTP and SSE clients do not delay the
 * forwarding or the timing.
 */
import net from 'node:net'
import { parentPort, workerData } from 'node:worker_threads'

interface ProxyConfig {
  targetHost: string
  targetPort: number
  roles: string[]
}

export interface StatementTally {
  calls: number
  totalMs: number
  errors: number
  durationsMs: number[]
}

/** Per role, per statement text (whitespace collapsed): its executions and their times. */
type Tallies = Map<string, Map<string, StatementTally>>

const SSL_REQUEST = 80877103
const GSS_REQUEST = 80877104
const MAX_DURATIONS = 50_000

const config = workerData as ProxyConfig
const tallies: Tallies = new Map(config.roles.map((role) => [role, new Map()]))
const sockets = new Set<net.Socket>()

function tally(role: string, text: string): StatementTally {
  const byText = tallies.get(role)!
  let entry = byText.get(text)
  if (!entry) {
    entry = { calls: 0, totalMs: 0, errors: 0, durationsMs: [] }
    byText.set(text, entry)
  }
  return entry
}

/** Splits a stream into framed messages (a type byte and a length that counts itself). */
class MessageReader {
  private pending: Buffer = Buffer.alloc(0)

  constructor(private readonly onMessage: (type: number, body: Buffer) => void) {}

  /** `untyped` asks for the next message without a type byte (the startup message). */
  push(chunk: Buffer, untyped: () => boolean, rawByte: () => boolean): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk])
    let offset = 0
    for (;;) {
      if (rawByte()) {
        if (this.pending.length - offset < 1) break
        this.onMessage(-1, this.pending.subarray(offset, offset + 1))
        offset += 1
        continue
      }
      const header = untyped() ? 4 : 5
      if (this.pending.length - offset < header) break
      const length = untyped() ? this.pending.readInt32BE(offset) : this.pending.readInt32BE(offset + 1)
      const total = untyped() ? length : length + 1
      if (this.pending.length - offset < total) break
      const type = untyped() ? 0 : this.pending[offset]
      this.onMessage(type, this.pending.subarray(offset + header, offset + total))
      offset += total
    }
    this.pending = offset === this.pending.length ? Buffer.alloc(0) : Buffer.from(this.pending.subarray(offset))
  }
}

function cString(body: Buffer, from: number): [string, number] {
  const end = body.indexOf(0, from)
  return [body.toString('utf8', from, end), end + 1]
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim()

function proxyConnection(role: string, client: net.Socket): void {
  const server = net.connect(config.targetPort, config.targetHost)
  sockets.add(client)
  sockets.add(server)
  client.setNoDelay(true)
  server.setNoDelay(true)
  const prepared = new Map<string, string>()
  let bound: string[] = []
  const awaitingReady: { texts: string[]; startedAt: number }[] = []
  let startup = true
  let sslAnswerPending = false

  const fromClient = new MessageReader((type, body) => {
    if (type === 0) {
      const code = body.readInt32BE(0)
      if (code === SSL_REQUEST || code === GSS_REQUEST) sslAnswerPending = true
      else startup = false
      return
    }
    switch (String.fromCharCode(type)) {
      case 'P': {
        const [name, next] = cString(body, 0)
        prepared.set(name, normalise(cString(body, next)[0]))
        break
      }
      case 'B': {
        const [, next] = cString(body, 0)
        bound.push(prepared.get(cString(body, next)[0]) ?? '(unknown prepared statement)')
        break
      }
      case 'S':
        awaitingReady.push({ texts: bound, startedAt: performance.now() })
        bound = []
        break
      case 'Q':
        awaitingReady.push({ texts: [normalise(cString(body, 0)[0])], startedAt: performance.now() })
        break
    }
  })
  const fromServer = new MessageReader((type, _body) => {
    if (type === -1) {
      sslAnswerPending = false
      return
    }
    if (type === 0x45 /* E: ErrorResponse */) {
      const head = awaitingReady[0]
      for (const text of head?.texts ?? []) tally(role, text).errors++
    } else if (type === 0x5a /* Z: ReadyForQuery */) {
      const done = awaitingReady.shift()
      if (!done || done.texts.length === 0) return
      const ms = (performance.now() - done.startedAt) / done.texts.length
      for (const text of done.texts) {
        const entry = tally(role, text)
        entry.calls++
        entry.totalMs += ms
        if (entry.durationsMs.length < MAX_DURATIONS) entry.durationsMs.push(ms)
      }
    }
  })

  client.on('data', (chunk: Buffer) => {
    server.write(chunk)
    fromClient.push(
      chunk,
      () => startup,
      () => false,
    )
  })
  server.on('data', (chunk: Buffer) => {
    client.write(chunk)
    fromServer.push(
      chunk,
      () => false,
      () => sslAnswerPending,
    )
  })
  const close = () => {
    client.destroy()
    server.destroy()
    sockets.delete(client)
    sockets.delete(server)
  }
  client.on('close', close).on('error', close)
  server.on('close', close).on('error', close)
}

const servers = config.roles.map((role) => {
  const listener = net.createServer((socket) => proxyConnection(role, socket))
  return new Promise<[string, number]>((resolve) => listener.listen(0, '127.0.0.1', () => resolve([role, (listener.address() as net.AddressInfo).port])))
})

const ports = Object.fromEntries(await Promise.all(servers))
parentPort!.postMessage({ kind: 'ready', ports })
parentPort!.on('message', (message: { kind: 'snapshot' | 'reset' }) => {
  if (message.kind === 'reset') {
    for (const byText of tallies.values()) byText.clear()
    parentPort!.postMessage({ kind: 'reset' })
    return
  }
  const snapshot = Object.fromEntries([...tallies].map(([role, byText]) => [role, Object.fromEntries(byText)]))
  parentPort!.postMessage({ kind: 'snapshot', snapshot })
})
