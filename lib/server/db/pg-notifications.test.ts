import type pg from 'pg'
import { describe, expect, it } from 'vitest'
import { waitFor } from '../testing/wait-for'
import { PgNotifications } from './pg-notifications'

/** A connection that answers every query (but those `refuse` matches) and can be told it was lost. */
function fakeClient(refuse?: RegExp) {
  const handlers = new Map<string, (...args: unknown[]) => void>()
  const client = {
    queries: [] as string[],
    ended: false,
    on(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(event, handler)
      return client
    },
    removeAllListeners: () => client,
    async query(text: string) {
      client.queries.push(text)
      if (refuse?.test(text)) throw new Error('canceling statement due to statement timeout')
      return { rows: [] }
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
