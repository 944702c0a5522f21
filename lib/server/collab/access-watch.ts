/**
 * Keeps every open live connection's access current, without ever making a message wait for the
 * database:
 * - a message is judged by the connection's last verdict (current(), synchronous); when that verdict
 *   is older than the TTL, a re-check starts in the background and the message goes on;
 * - a change to someone's standing (a membership added, changed or removed, an account disabled, a
 *   workflow moved or deleted) is announced by a trigger on `ACCESS_CHANGED_CHANNEL` (migration
 *   workflow_live_documents); every process re-checks the connections it concerns at once;
 * - re-checks are single-flight per connection and at most `concurrency` run at a time in the
 *   process, so however many people edit and however often they send, the checks hold at most that
 *   many database connections (bench/live-editing.ts counts them).
 * A re-check authenticates the credential again (a revoked token or ended session is nobody) and
 * asks collabAccess. A check that fails (database down) keeps the last verdict.
 */
import type { CollabAccess } from './collab-access'

export const ACCESS_CHANGED_CHANNEL = 'agentloom_collab_access'

export interface WatchedConnection {
  workflowId: string
  userId: string
  access: CollabAccess
  checkedAt: number
  /** Makes the connection follow its new access (read-only, or closed). */
  apply(access: CollabAccess, previous: CollabAccess): void
}

export type AccessCheck = (connection: WatchedConnection) => Promise<CollabAccess>

export interface AccessWatchOptions {
  ttlMs: number
  concurrency: number
  now?: () => number
}

export const DEFAULT_ACCESS_TTL_MS = 5_000
export const DEFAULT_ACCESS_CONCURRENCY = 2

export class AccessWatch {
  private readonly connections = new Set<WatchedConnection>()
  private readonly running = new Map<WatchedConnection, Promise<void>>()
  private readonly waiting: (() => void)[] = []
  private active = 0
  private closed = false
  /** Re-checks done (for tests and the bench). */
  checks = 0
  /** The most re-checks that ever ran at once. */
  peakConcurrency = 0

  constructor(
    private readonly check: AccessCheck,
    private readonly options: AccessWatchOptions = { ttlMs: DEFAULT_ACCESS_TTL_MS, concurrency: DEFAULT_ACCESS_CONCURRENCY },
  ) {}

  add(connection: WatchedConnection): () => void {
    this.connections.add(connection)
    return () => {
      this.connections.delete(connection)
    }
  }

  /** The verdict for a message now; starts a background re-check when it is older than the TTL. */
  current(connection: WatchedConnection): CollabAccess {
    if (this.now() - connection.checkedAt >= this.options.ttlMs) void this.recheck(connection)
    return connection.access
  }

  /** Handles a payload of ACCESS_CHANGED_CHANNEL: `user:<id>` or `workflow:<id>`. */
  changed(payload: string): Promise<void> {
    const [kind, id] = [payload.slice(0, payload.indexOf(':')), payload.slice(payload.indexOf(':') + 1)]
    const affected = [...this.connections].filter((connection) =>
      kind === 'user' ? connection.userId === id : kind === 'workflow' && connection.workflowId === id,
    )
    return this.recheckAll(affected)
  }

  /** Re-checks every connection (after the listening connection was lost: announcements may have been missed). */
  recheckEverything(): Promise<void> {
    return this.recheckAll([...this.connections])
  }

  async recheckAll(connections: readonly WatchedConnection[]): Promise<void> {
    await Promise.all(connections.map((connection) => this.recheck(connection)))
  }

  /** One re-check of the connection (joined when one is under way). */
  recheck(connection: WatchedConnection): Promise<void> {
    if (this.closed) return Promise.resolve()
    let pending = this.running.get(connection)
    if (!pending) {
      pending = this.run(connection).finally(() => this.running.delete(connection))
      this.running.set(connection, pending)
    }
    return pending
  }

  /** Stops watching: no re-check starts after this. */
  close(): void {
    this.closed = true
    this.connections.clear()
  }

  get size(): number {
    return this.connections.size
  }

  private async run(connection: WatchedConnection): Promise<void> {
    await this.slot()
    try {
      this.checks++
      const started = this.now()
      const access = await this.check(connection)
      const previous = connection.access
      connection.access = access
      connection.checkedAt = started
      if (access !== previous && this.connections.has(connection)) connection.apply(access, previous)
    } catch (error) {
      // Not a verdict: the last one stands, and the next message tries again after the TTL.
      console.error('[collab] could not re-check live access:', (error as Error).message)
      connection.checkedAt = this.now()
    } finally {
      this.release()
    }
  }

  private slot(): Promise<void> {
    if (this.active < this.options.concurrency) {
      this.active++
      this.peakConcurrency = Math.max(this.peakConcurrency, this.active)
      return Promise.resolve()
    }
    return new Promise((resolve) => this.waiting.push(resolve))
  }

  private release(): void {
    const next = this.waiting.shift()
    if (next) next()
    else this.active--
  }

  private now(): number {
    return (this.options.now ?? Date.now)()
  }
}
