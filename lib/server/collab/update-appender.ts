/**
 * The write path of live editing: each update a client sends is stored before it is applied,
 * acknowledged or relayed (collab-server.ts awaits append() in Hocuspocus' beforeHandleMessage).
 * Per document one append runs at a time; updates arriving meanwhile are stored together by the
 * next one (one statement, one connection), so twenty people dragging at once cost a handful of
 * statements, not one each. When a document has gathered `compactAfter` stored updates, they are
 * folded into its state in the background.
 */
import type { LiveDocumentStore } from './live-store'
import type { LiveRelay } from './live-relay'

interface Pending {
  update: Uint8Array
  resolve: () => void
  reject: (error: unknown) => void
}

interface DocumentQueue {
  pending: Pending[]
  flushing: boolean
  /** Stored updates since the last compaction (as far as this process knows). */
  stored: number
  compacting?: Promise<unknown>
}

export const DEFAULT_COMPACT_AFTER = 500

export class UpdateAppender {
  private readonly queues = new Map<string, DocumentQueue>()
  /** Statements issued (for the bench). */
  appends = 0

  constructor(
    private readonly store: LiveDocumentStore,
    private readonly relay: LiveRelay,
    private readonly compactAfter = DEFAULT_COMPACT_AFTER,
  ) {}

  /** The document was loaded with `stored` updates not yet compacted. */
  opened(workflowId: string, stored: number): void {
    this.queues.set(workflowId, { pending: [], flushing: false, stored })
  }

  closed(workflowId: string): void {
    const queue = this.queues.get(workflowId)
    if (queue && queue.pending.length === 0 && !queue.flushing) this.queues.delete(workflowId)
  }

  /** Resolves once `update` is committed. */
  append(workflowId: string, update: Uint8Array): Promise<void> {
    let queue = this.queues.get(workflowId)
    if (!queue) {
      queue = { pending: [], flushing: false, stored: 0 }
      this.queues.set(workflowId, queue)
    }
    const stored = new Promise<void>((resolve, reject) => queue.pending.push({ update, resolve, reject }))
    if (!queue.flushing) void this.flush(workflowId, queue)
    return stored
  }

  private async flush(workflowId: string, queue: DocumentQueue): Promise<void> {
    queue.flushing = true
    while (queue.pending.length > 0) {
      const batch = queue.pending.splice(0)
      try {
        this.appends++
        const appended = await this.store.append(
          workflowId,
          batch.map((item) => item.update),
        )
        this.relay.noteOwn(workflowId, appended)
        queue.stored += batch.length
        for (const item of batch) item.resolve()
      } catch (error) {
        for (const item of batch) item.reject(error)
      }
    }
    queue.flushing = false
    if (queue.stored >= this.compactAfter && !queue.compacting) {
      queue.stored = 0
      queue.compacting = this.store
        .compact(workflowId)
        .catch((error: unknown) => console.error(`[collab] could not compact ${workflowId}:`, (error as Error).message))
        .finally(() => (queue.compacting = undefined))
    }
  }
}
