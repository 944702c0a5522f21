/**
 * Workflow-scoped key/value state. Writes made during a superstep are staged and become visible to
 * other executors only when the runner commits at the superstep boundary; the writer itself reads
 * its own staged writes.
 *
 * Checkpoints need the committed state as JSON. The encoded snapshot is copy-on-write: a superstep
 * that changed nothing reuses the previous snapshot object, one that changed k keys re-encodes k
 * values, so checkpointing never costs time proportional to the whole state when little changed.
 */
import { decodeCheckpointValue, encodeCheckpointValue, type JSONValue } from './encoding'

const DELETED = Symbol('deleted')

export type EncodedState = Readonly<Record<string, JSONValue>>

export class WorkflowState {
  private readonly committed = new Map<string, unknown>()
  private readonly staged = new Map<string, unknown>()
  private readonly changedSinceSnapshot = new Set<string>()
  private snapshot: EncodedState = Object.freeze({})

  get(key: string): unknown {
    if (this.staged.size > 0 && this.staged.has(key)) {
      const value = this.staged.get(key)
      return value === DELETED ? undefined : value
    }
    return this.committed.get(key)
  }

  has(key: string): boolean {
    if (this.staged.has(key)) return this.staged.get(key) !== DELETED
    return this.committed.has(key)
  }

  set(key: string, value: unknown): void {
    this.staged.set(key, value)
  }

  delete(key: string): void {
    this.staged.set(key, DELETED)
  }

  /** Applies staged writes; returns whether anything changed. */
  commit(): boolean {
    if (this.staged.size === 0) return false
    for (const [key, value] of this.staged) {
      if (value === DELETED) this.committed.delete(key)
      else this.committed.set(key, value)
      this.changedSinceSnapshot.add(key)
    }
    this.staged.clear()
    return true
  }

  discardStaged(): void {
    this.staged.clear()
  }

  clear(): void {
    this.committed.clear()
    this.staged.clear()
    this.changedSinceSnapshot.clear()
    this.snapshot = Object.freeze({})
  }

  /** The committed state as JSON; the returned object is shared and must not be mutated. */
  exportEncoded(): EncodedState {
    if (this.changedSinceSnapshot.size === 0) return this.snapshot
    const next: Record<string, JSONValue> = { ...this.snapshot }
    for (const key of this.changedSinceSnapshot) {
      if (this.committed.has(key)) next[key] = encodeCheckpointValue(this.committed.get(key))
      else delete next[key]
    }
    this.changedSinceSnapshot.clear()
    this.snapshot = Object.freeze(next)
    return this.snapshot
  }

  importEncoded(encoded: EncodedState): void {
    this.clear()
    for (const [key, value] of Object.entries(encoded)) this.committed.set(key, decodeCheckpointValue(value))
    this.snapshot = Object.freeze({ ...encoded })
  }
}
