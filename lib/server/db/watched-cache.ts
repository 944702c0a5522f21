/**
 * A process's memory of rows it reads on every API call, kept only while their changes can be heard
 * (row-change-watch.ts): a value is given again while no change of its rows was announced since it
 * was read and it is younger than `maxAgeMs` (which bounds a listening connection that died without
 * the process noticing). A value read while a change was announced is not kept (the read may have
 * begun before the change); nor is null (what is not found is read again: a wrong credential is never
 * remembered). Values are shared by every caller: they are frozen, so that none can change another's.
 */
import type { RowChangeWatch, WatchedRows } from './row-change-watch'

/** How long a value is given without being read again (default): the bound on a listening connection dead unnoticed. */
export const KEPT_MAX_AGE_MS = 10_000
/** How many values are kept (default). */
const KEPT_ENTRIES = 10_000

export interface WatchedCacheOptions {
  /** Default KEPT_MAX_AGE_MS. */
  maxAgeMs?: number
  /** The most values kept (default 10,000): past it the one kept longest goes. */
  maxEntries?: number
  now?: () => number
}

interface Entry<V> {
  value: V
  /** When its read began. */
  readAt: number
}

export class WatchedCache<V> {
  private readonly entries = new Map<string, Entry<V>>()
  /** The generation every kept entry was read in: a change empties the map. */
  private generation: number | undefined
  private readonly now: () => number
  private readonly maxAgeMs: number
  private readonly maxEntries: number

  constructor(
    private readonly watch: Pick<RowChangeWatch, 'generation'>,
    private readonly rows: WatchedRows,
    { maxAgeMs = KEPT_MAX_AGE_MS, maxEntries = KEPT_ENTRIES, now = Date.now }: WatchedCacheOptions = {},
  ) {
    this.maxAgeMs = maxAgeMs
    this.maxEntries = maxEntries
    this.now = now
  }

  async get(key: string, read: () => Promise<V>): Promise<V> {
    const generation = this.current()
    const readAt = this.now()
    const entry = generation === undefined ? undefined : this.entries.get(key)
    if (entry && readAt - entry.readAt < this.maxAgeMs) return entry.value
    const value = await read()
    if (value !== null && generation !== undefined && this.current() === generation) this.keep(key, { value: deepFreeze(value), readAt })
    else this.entries.delete(key)
    return value
  }

  /** How many values are kept (for tests). */
  get size(): number {
    return this.entries.size
  }

  private current(): number | undefined {
    const generation = this.watch.generation(this.rows)
    if (generation !== this.generation) {
      this.entries.clear()
      this.generation = generation
    }
    return generation
  }

  private keep(key: string, entry: Entry<V>): void {
    this.entries.delete(key)
    this.entries.set(key, entry)
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
  }
}

function deepFreeze<V>(value: V): V {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}
