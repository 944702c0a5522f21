/**
 * The events of a run this process executes, handed over in memory as the run's writer stores
 * them, so that a reader here (a waiting `/v1/responses` call, an SSE stream, a webhook's caller)
 * need not read back from Postgres what this process has just written (run-event-cursor.ts). It
 * carries only what this process stored through the run's writer: events appended by others (a
 * cancel, an approval answered elsewhere, `mcp_connected` while the run is prepared) show as gaps
 * in the numbers, or come with a wake for a number it does not hold, and are read from the log.
 * It holds the run's latest events, at most FEED_WINDOW of them and FEED_TEXT_LENGTH of their stored text: a
 * reader further behind reads the rest from the log.
 * Once the run leaves this process the feed is closed and readers go on from the log.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import type { RunStatus, TokenUsage } from '@/lib/contracts/runs'
import { FINAL_EVENT_TYPES } from './run-event-log'

/** How many of a run's latest events a feed holds: a run's memory here stays bounded however long it runs. */
export const FEED_WINDOW = 1_000
/** How much of their stored JSON text (in characters) a feed holds at most: a run whose events are large holds fewer. */
export const FEED_TEXT_LENGTH = 4 * 1024 * 1024

/** How the run ended, as the executor recorded it (what a waiting request would otherwise read back from the row). */
export interface LocalRunOutcome {
  status: Extract<RunStatus, 'succeeded' | 'failed'>
  outputs: unknown
  usage: TokenUsage | null
  error: string | null
}

export class LocalRunFeed {
  private events: RunEvent[] = []
  /** The length of each held event's stored text, and their sum. */
  private sizes: number[] = []
  private textLength = 0
  private closedFlag = false
  private endingOutcome: LocalRunOutcome | undefined
  /** Set when the run's final event, stored by its executor here, is in the feed. */
  outcome: LocalRunOutcome | undefined

  constructor(first: readonly RunEvent[] = []) {
    this.push(first)
  }

  get closed(): boolean {
    return this.closedFlag
  }

  /** The number of the last event held (0: none). */
  get lastSequence(): number {
    return this.events.at(-1)?.sequence ?? 0
  }

  /**
   * Events stored by this process, in the order of their numbers (any at or below the last held are
   * dropped), with the length of each one's stored text (`sizes`; none for events too small to count).
   * A final event carries the outcome told to `ending`, so whoever finds it finds the outcome too.
   */
  push(events: readonly RunEvent[], sizes: readonly number[] = []): void {
    if (this.closedFlag) return
    events.forEach((event, i) => {
      if (event.sequence <= this.lastSequence) return
      if (FINAL_EVENT_TYPES.has(event.type) && this.endingOutcome) this.outcome = this.endingOutcome
      this.events.push(event)
      this.sizes.push(sizes[i] ?? 0)
      this.textLength += sizes[i] ?? 0
    })
    // Trimmed in steps of half a window, so that a long run does not copy its window on every push; the newest is kept.
    if (this.events.length > FEED_WINDOW * 1.5 || this.textLength > FEED_TEXT_LENGTH) this.trim()
  }

  /** The executor is storing the run's end with this outcome: the final event, when pushed, carries it. */
  ending(outcome: LocalRunOutcome): void {
    this.endingOutcome = outcome
  }

  /** The run's end, stored by this process (by its writer, which pushed it already, or without): held with its outcome. */
  ended(event: RunEvent, outcome: LocalRunOutcome): void {
    this.ending(outcome)
    this.outcome = outcome
    this.push([event])
  }

  /** The run left this process: nothing more comes through the feed. */
  close(): void {
    this.closedFlag = true
  }

  private trim(): void {
    let drop = Math.max(0, this.events.length - FEED_WINDOW)
    let length = this.textLength - this.sizes.slice(0, drop).reduce((sum, size) => sum + size, 0)
    while (length > FEED_TEXT_LENGTH / 2 && drop < this.events.length - 1) length -= this.sizes[drop++]
    this.events = this.events.slice(drop)
    this.sizes = this.sizes.slice(drop)
    this.textLength = length
  }

  /** The events held numbered after `sequence`. */
  after(sequence: number): RunEvent[] {
    // Numbers only grow: scan back from the end to where the caller stands.
    let start = this.events.length
    while (start > 0 && this.events[start - 1].sequence > sequence) start--
    return this.events.slice(start)
  }
}
