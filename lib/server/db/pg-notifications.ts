/**
 * Postgres LISTEN/NOTIFY for the whole process: one dedicated connection listens on every channel
 * anyone subscribed to, and fans each notification out in memory. Subscribers are also told when
 * the connection was lost (`onLost`) and re-established (`onReconnect`): notifications sent in between
 * are gone, so they must re-read what they follow from the database.
 */
import { EventEmitter } from 'node:events'
import type pg from 'pg'

export type NotificationListener = (payload: string) => void

const RECONNECT_MIN_MS = 100
const RECONNECT_MAX_MS = 5_000
const RECONNECTED = Symbol('reconnected')
const LOST = Symbol('lost')

export class PgNotifications {
  private readonly emitter = new EventEmitter()
  private readonly channels = new Map<string, number>()
  /** The channels LISTEN is in place for on the current connection. */
  private listening = new Set<string>()
  private client: pg.Client | undefined
  private connecting: Promise<pg.Client> | undefined
  private closed = false
  private reconnecting = false
  private retryDelay = RECONNECT_MIN_MS
  /** Each connection's last command, which its next waits for (`command`). */
  private readonly turns = new WeakMap<pg.Client, Promise<unknown>>()

  constructor(private readonly connect: () => Promise<pg.Client>) {
    // Every open SSE stream and every waiting run subscribes.
    this.emitter.setMaxListeners(0)
  }

  /**
   * Calls `listener` with each payload sent on `channel`, from any process. Resolves once the
   * LISTEN is in place (a notification sent after that is not missed); returns the unsubscribe.
   */
  async listen(channel: string, listener: NotificationListener): Promise<() => void> {
    if (this.closed) return () => {}
    this.emitter.on(channel, listener)
    const count = this.channels.get(channel) ?? 0
    this.channels.set(channel, count + 1)
    if (count === 0) {
      let client: pg.Client | undefined
      try {
        client = await this.connected()
        // A connection opened for this subscriber listens already: it LISTENs for every known channel as it opens.
        if (!this.listening.has(channel)) await this.command(client, `LISTEN ${quoteChannel(channel)}`)
        if (this.client === client && this.channels.has(channel)) this.listening.add(channel)
      } catch (error) {
        // The reconnect loop issues LISTEN for every known channel once it gets through (started here when the first
        // connection could not be made: nothing else would retry it). A LISTEN that failed on a connection still up
        // would leave the channel unheard for as long as it stays up: that connection is given up as lost instead.
        console.error(`[notify] LISTEN ${channel} failed (retrying in the background):`, (error as Error).message)
        if (client && this.client === client) this.lost(client)
        else if (!this.client) void this.reconnect()
      }
    }
    let subscribed = true
    return () => {
      if (!subscribed) return
      subscribed = false
      this.emitter.off(channel, listener)
      const left = (this.channels.get(channel) ?? 1) - 1
      if (left > 0) return this.channels.set(channel, left)
      this.channels.delete(channel)
      this.listening.delete(channel)
      if (this.client && !this.closed) this.command(this.client, `UNLISTEN ${quoteChannel(channel)}`).catch(() => {})
    }
  }

  /**
   * True while a notification sent on `channel` now would reach this process: LISTEN is in place on a connection not
   * known to be lost. (A connection that died unnoticed is found out by its next read; what relies on this bounds that.)
   */
  isListening(channel: string): boolean {
    return this.client !== undefined && this.listening.has(channel)
  }

  /** Called when the listening connection is lost: notifications are missed until it comes back. */
  onLost(listener: () => void): () => void {
    this.emitter.on(LOST, listener)
    return () => this.emitter.off(LOST, listener)
  }

  /** Called after the listening connection came back (notifications may have been missed meanwhile). */
  onReconnect(listener: () => void): () => void {
    this.emitter.on(RECONNECTED, listener)
    return () => this.emitter.off(RECONNECTED, listener)
  }

  async close(): Promise<void> {
    this.closed = true
    const client = this.client ?? (await this.connecting?.catch(() => undefined))
    this.client = undefined
    await client?.end().catch(() => {})
  }

  /**
   * A LISTEN or UNLISTEN on `client`, after those asked of it before: subscribers come and go at once, and pg deprecates
   * asking a client a query while another runs (pg 9 refuses it).
   */
  private command(client: pg.Client, sql: string): Promise<unknown> {
    const turn = (this.turns.get(client) ?? Promise.resolve()).then(() => client.query(sql))
    this.turns.set(
      client,
      turn.catch(() => {}),
    )
    return turn
  }

  private connected(): Promise<pg.Client> {
    // A subscriber arriving after close (a request still finishing as the process stops) opens nothing that would outlive it.
    if (this.closed) return Promise.reject(new Error('The notifications are closed.'))
    if (this.client) return Promise.resolve(this.client)
    this.connecting ??= this.open().finally(() => (this.connecting = undefined))
    return this.connecting
  }

  private async open(): Promise<pg.Client> {
    const client = await this.connect()
    client.on('notification', (message) => this.emitter.emit(message.channel, message.payload ?? ''))
    client.on('error', (error) => this.lost(client, error))
    client.on('end', () => this.lost(client))
    try {
      for (const channel of this.channels.keys()) await this.command(client, `LISTEN ${quoteChannel(channel)}`)
    } catch (error) {
      // Not this process's listening connection yet: ended here, or no one would end it.
      await client.end().catch(() => {})
      throw error
    }
    this.listening = new Set(this.channels.keys())
    this.client = client
    this.retryDelay = RECONNECT_MIN_MS
    return client
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return
    this.client = undefined
    this.listening.clear()
    client.removeAllListeners('notification')
    client.end().catch(() => {})
    if (this.closed) return
    this.emitter.emit(LOST)
    if (error) console.error('[notify] the listening connection failed; reconnecting:', error.message)
    void this.reconnect()
  }

  private async reconnect(): Promise<void> {
    if (this.reconnecting) return
    this.reconnecting = true
    try {
      await this.reconnectLoop()
    } finally {
      this.reconnecting = false
    }
  }

  private async reconnectLoop(): Promise<void> {
    while (!this.closed && !this.client) {
      await new Promise((resolve) => setTimeout(resolve, this.retryDelay).unref())
      // Closed while waiting: the process is stopping, and there is nothing to reconnect for (nor to complain of).
      if (this.closed) return
      this.retryDelay = Math.min(this.retryDelay * 2, RECONNECT_MAX_MS)
      try {
        await this.connected()
        this.emitter.emit(RECONNECTED)
      } catch (error) {
        console.error('[notify] could not reconnect:', (error as Error).message)
      }
    }
  }
}

/** Channel names are ours (constants), but quoting keeps LISTEN safe whatever they become. */
function quoteChannel(channel: string): string {
  return `"${channel.replaceAll('"', '""')}"`
}
