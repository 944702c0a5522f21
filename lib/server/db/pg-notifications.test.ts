import type pg from 'pg'
import { describe, expect, it, vi } from 'vitest'
import { waitFor } from '../testing/wait-for'
import { PgNotifications } from './pg-notifications'

/** A connection that answers every query (but those `refuse` matches) and can be told it was lost. */
function fakeClient(refuse?: RegExp) {
  const handlers = new Map<string, (...args: unknown[]) => void>()
  const client = {
    queries: [] as string[],
    /** How many queries it was asked at once, at most (pg deprecates asking a client a query while one runs). */
    mostAtOnce: 0,
    running: 0,
    ended: false,
    on(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(event, handler)
      return client
    },
    removeAllListeners: () => client,
    async query(text: string) {
      client.queries.push(text)
      client.mostAtOnce = Math.max(client.mostAtOnce, ++client.running)
      try {
        await new Promise((resolve) => setImmediate(resolve))
        if (refuse?.test(text)) throw new Error('canceling statement due to statement timeout')
        return { rows: [] }
      } finally {
        client.running--
      }
    },
    async end() {
      client.ended = true
    },
    lose: () => handlers.get('error')?.(new Error('gone')),
  }
  return client
}

/** Notifications over fake connections, each kept in `clients`; `refuse(n)` is what the n-th (from 0) refuses. */
function overFakeClients(refuse: (index: number) => RegExp | undefined = () => undefined) {
  const clients: ReturnType<typeof fakeClient>[] = []
  const notifications = new PgNotifications(async () => {
    clients.push(fakeClient(refuse(clients.length)))
    return clients.at(-1) as unknown as pg.Client
  })
  return { clients, notifications }
}

describe('PgNotifications', () => {
  it('asks its connection one LISTEN or UNLISTEN at a time, however many subscribers come and go at once', async () => {
    const { clients, notifications } = overFakeClients()
    await notifications.listen('first', () => {})
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((channel) => notifications.listen(channel, () => {})))
    a()
    b()
    await Promise.all([notifications.listen('d', () => {}), notifications.listen('e', () => {})])
    c()
    await waitFor(async () => (clients[0].queries.includes('UNLISTEN "c"') ? true : undefined))
    // The connection opened for the first subscriber listened once: as it opened.
    expect(clients[0].queries.slice(0, 4)).toEqual(['LISTEN "first"', 'LISTEN "a"', 'LISTEN "b"', 'LISTEN "c"'])
    expect(clients[0].queries.filter((query) => query.startsWith('UNLISTEN'))).toEqual(['UNLISTEN "a"', 'UNLISTEN "b"', 'UNLISTEN "c"'])
    expect(clients[0].mostAtOnce).toBe(1)
    expect(['a', 'b', 'c', 'd', 'e'].map((channel) => notifications.isListening(channel))).toEqual([false, false, false, true, true])
    await notifications.close()
  })

  it('says whether a channel is listened to: after its LISTEN, not while the connection is lost', async () => {
    const { clients, notifications } = overFakeClients()
    let lost = 0
    notifications.onLost(() => lost++)
    expect(notifications.isListening('a')).toBe(false)
    await notifications.listen('a', () => {})
    expect(notifications.isListening('a')).toBe(true)
    expect(notifications.isListening('b')).toBe(false)
    clients[0].lose()
    expect([notifications.isListening('a'), lost]).toEqual([false, 1])
    await notifications.close()
  })

  it('keeps trying when the first connection cannot be made, and listens once one is', async () => {
    let attempts = 0
    const notifications = new PgNotifications(async () => {
      if (++attempts < 3) throw new Error('the database is starting up')
      return fakeClient() as unknown as pg.Client
    })
    let reconnected = 0
    notifications.onReconnect(() => reconnected++)
    await notifications.listen('a', () => {})
    expect(notifications.isListening('a')).toBe(false)
    await waitFor(async () => notifications.isListening('a') || undefined)
    expect([attempts, reconnected]).toEqual([3, 1])
    await notifications.close()
  })

  it('gives up a connection that refused a LISTEN while staying up, and listens on a new one', async () => {
    // The first connection listens on `a` but refuses `b`; the next refuses nothing.
    const { clients, notifications } = overFakeClients((index) => (index === 0 ? /LISTEN "b"/ : undefined))
    let lost = 0
    notifications.onLost(() => lost++)
    await notifications.listen('a', () => {})
    await notifications.listen('b', () => {})
    expect([notifications.isListening('b'), lost, clients[0].ended]).toEqual([false, 1, true])
    await waitFor(async () => notifications.isListening('b') || undefined)
    expect(notifications.isListening('a')).toBe(true)
    expect(clients[1].queries).toEqual(['LISTEN "a"', 'LISTEN "b"'])
    await notifications.close()
  })

  it('ends a new connection that refused a LISTEN, and tries another', async () => {
    // The second connection, opened to listen on both channels again, refuses `b`; the third refuses nothing.
    const { clients, notifications } = overFakeClients((index) => (index === 1 ? /LISTEN "b"/ : undefined))
    await notifications.listen('a', () => {})
    await notifications.listen('b', () => {})
    clients[0].lose()
    await waitFor(async () => (notifications.isListening('a') && notifications.isListening('b')) || undefined)
    expect(clients.map((client) => client.ended)).toEqual([true, true, false])
    await notifications.close()
  })

  it('stops reconnecting when closed while it waits to, and says nothing of it', async () => {
    const { clients, notifications } = overFakeClients()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await notifications.listen('a', () => {})
      clients[0].lose()
      await notifications.close()
      await new Promise((resolve) => setTimeout(resolve, 250))
      expect(errors.mock.calls.map((call) => String(call[0]))).toEqual(['[notify] the listening connection failed; reconnecting:'])
      expect(clients).toHaveLength(1)
    } finally {
      errors.mockRestore()
    }
  })

  it('opens no connection for a subscriber that arrives after close', async () => {
    let connects = 0
    const notifications = new PgNotifications(async () => {
      connects++
      return fakeClient() as unknown as pg.Client
    })
    await notifications.close()
    const unsubscribe = await notifications.listen('a', () => {})
    unsubscribe()
    expect(connects).toBe(0)
    expect(notifications.isListening('a')).toBe(false)
  })

  it('ends a connection that was still opening when it closed', async () => {
    const client = fakeClient()
    let opened!: () => void
    const notifications = new PgNotifications(
      () =>
        new Promise<pg.Client>((resolve) => {
          opened = () => resolve(client as unknown as pg.Client)
        }),
    )
    const listening = notifications.listen('a', () => {})
    await new Promise((resolve) => setImmediate(resolve))
    const closing = notifications.close()
    opened()
    await Promise.all([listening, closing])
    expect(client.ended).toBe(true)
    expect(notifications.isListening('a')).toBe(false)
  })
})
