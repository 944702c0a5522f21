/**
 * Live documents across web processes: every process LISTENs on LIVE_UPDATE_CHANNEL (live-store.ts
 * announces each append there) and applies the updates other processes stored to the documents it
 * holds, with RELAY_ORIGIN, which nothing stores again; Hocuspocus then sends them to this process's
 * connections like any change. Updates announced after a compaction folded them away are caught up
 * from the compacted state (Yjs applies what it already has as nothing). After the listening
 * connection was lost, every held document is caught up from the database.
 */
import * as Y from 'yjs'
import type { PgNotifications } from '../db/pg-notifications'
import { LIVE_UPDATE_CHANNEL, type AppendedUpdates, type LiveDocumentStore } from './live-store'

export const RELAY_ORIGIN = Symbol('agentloom.live-relay')

/** Own appends remembered at most this long (their announcement normally arrives within milliseconds). */
const OWN_MEMORY_MS = 60_000

export class LiveRelay {
  private readonly docs = new Map<string, Y.Doc>()
  private readonly own = new Map<string, number>()
  private stop: (() => void)[] = []
  /** Updates applied from other processes (for tests and the bench). */
  relayed = 0

  constructor(
    private readonly store: LiveDocumentStore,
    private readonly notifications: PgNotifications,
  ) {}

  async start(): Promise<void> {
    this.stop.push(await this.notifications.listen(LIVE_UPDATE_CHANNEL, (payload) => void this.received(payload)))
    this.stop.push(this.notifications.onReconnect(() => void this.catchUpAll()))
  }

  close(): void {
    for (const stop of this.stop.splice(0)) stop()
  }

  /** Follows the stored updates of this document from now on. */
  track(workflowId: string, doc: Y.Doc): void {
    this.docs.set(workflowId, doc)
  }

  untrack(workflowId: string): void {
    this.docs.delete(workflowId)
  }

  /** This process stored these rows (and applies them itself): their announcement is skipped. */
  noteOwn(workflowId: string, appended: AppendedUpdates): void {
    const now = Date.now()
    if (this.own.size > 1_000) for (const [key, at] of this.own) if (now - at > OWN_MEMORY_MS) this.own.delete(key)
    this.own.set(ownKey(workflowId, appended), now)
  }

  private async received(payload: string): Promise<void> {
    const [workflowId, first, last] = payload.split(' ')
    if (!workflowId || !first || !last || !this.docs.has(workflowId)) return
    if (this.own.delete(ownKey(workflowId, { first: BigInt(first), last: BigInt(last) }))) return
    try {
      const updates = await this.store.updatesBetween(workflowId, BigInt(first), BigInt(last))
      const doc = this.docs.get(workflowId)
      if (!doc) return
      if (updates.length === 0) {
        // Compacted since: the state holds them.
        const state = await this.store.state(workflowId)
        if (state) Y.applyUpdate(doc, state, RELAY_ORIGIN)
        return
      }
      Y.applyUpdate(doc, updates.length === 1 ? updates[0] : Y.mergeUpdates(updates), RELAY_ORIGIN)
      this.relayed += updates.length
    } catch (error) {
      console.error(`[collab] could not load the updates ${first}..${last} of ${workflowId}:`, (error as Error).message)
    }
  }

  private async catchUpAll(): Promise<void> {
    for (const [workflowId, doc] of this.docs) {
      try {
        const stored = await this.store.read(workflowId)
        if (stored) Y.applyUpdate(doc, Y.encodeStateAsUpdate(stored.doc), RELAY_ORIGIN)
        stored?.doc.destroy()
      } catch (error) {
        console.error(`[collab] could not catch up ${workflowId}:`, (error as Error).message)
      }
    }
  }
}

function ownKey(workflowId: string, appended: AppendedUpdates): string {
  return `${workflowId} ${appended.first} ${appended.last}`
}
