/**
 * Where a reader of one run's events (a follower, an SSE stream) takes the next ones from: the run's
 * feed in this process (local-run-feed.ts) while it holds them, else the log. The reader subscribes
 * to the log (RunEventLog.subscribe) and passes each wake on to `woken`, which says how far events may
 * now be stored; the cursor reads the log only for what the feed cannot vouch for:
 *
 * - the feed's events from the next number on, without a gap, are the run's: its writer hands each
 *   batch over before anyone is woken for it;
 * - a gap in the feed's numbers (an event appended by another writer, or one older than its window)
 *   and a wake for a number the feed does not hold (a cancel, an answer, a notification after the
 *   connection came back, a run not executed here) are read from the log.
 *
 * A reader that starts while the run executes here trusts its feed for what was stored before it
 * subscribed; when the run leaves, the worker wakes its readers here for anything (run-worker.ts), so
 * an event appended by another process before that subscription is read then at the latest. A reader
 * that starts before (the run queued, or executing elsewhere) reads the log for it, unless it finds the
 * run executing here first: the feed then vouches for the same (a claim after the subscription took every
 * event stored before it; one before it is the case above).
 *
 * The cursor also keeps the run's follow mark (RunEventLog.followAs: the worker holding a run announces its
 * batches to other processes only when readers there marked it): made when it subscribes,
 * except for a run this process executes, whose batches reach it here; that one is marked on the
 * first read after the run left, before the log is read.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import type { AppContext } from '../../app-context'

export type CursorApp = Pick<AppContext, 'events' | 'localWorker'>

export class RunEventCursor {
  /** The number of the last event read. */
  private lastRead: number
  /** The highest number a wake said may be stored (Infinity: unknown; the log is read). */
  private wanted: number
  /** What was stored before the reader subscribed is not known yet: neither the log nor the run's open feed was read. */
  private storedUnknown: boolean
  /** Wakes that told of something not yet read: a read of the log settles only the wakes that came before it began. */
  private wakes = 0
  /** The last read stopped at its limit, or at a gap in the feed: more may follow at once. */
  private full = false
  /** The run is marked followed. */
  private marked: boolean

  constructor(
    private readonly app: CursorApp,
    private readonly runId: string,
    after: number,
    /** `marked`: the caller marked the run followed already (RunService.follow), committed before the first read. */
    { marked = false }: { marked?: boolean } = {},
  ) {
    this.lastRead = after
    this.marked = marked
    this.wanted = after
    this.storedUnknown = !this.local
  }

  /**
   * Subscribes to the run's appends (RunEventLog.subscribe), before the first read so that an event appended meanwhile
   * wakes the next one: `onWake` is called for a wake that may bring something not yet read. Returns the unsubscribe.
   */
  async subscribe(onWake: () => void): Promise<() => void> {
    const mark = !this.marked && !this.local
    const unsubscribe = await this.app.events.subscribe(this.runId, (sequence) => this.woken(sequence) && onWake(), { follow: mark })
    this.marked ||= mark
    return unsubscribe
  }

  /**
   * A wake from the log's subscription, for events up to `sequence` (undefined: any). False when the
   * reader has them already (as when Postgres echoes this process's own announcement).
   */
  woken(sequence?: number): boolean {
    const upTo = sequence ?? Infinity
    if (upTo <= this.lastRead) return false
    this.wanted = Math.max(this.wanted, upTo)
    this.wakes++
    return true
  }

  /** Whether events may be waiting now: a wake told of more than was read, or the last read was cut at its limit. */
  get behind(): boolean {
    return this.full || this.storedUnknown || this.wanted > this.lastRead
  }

  /** Whether the run executes in this process now (its events come through the feed, its end too). */
  get local(): boolean {
    const feed = this.app.localWorker?.feedOf(this.runId)
    return feed !== undefined && !feed.closed
  }

  /** Up to `limit` events after the last read, in order, from the feed or the log; none when nothing new is known of. */
  async read(limit: number): Promise<RunEvent[]> {
    if (!this.marked && !this.local) {
      // The run left this process (it waits for people, or its lease was lost): wherever it goes on, it is to announce.
      await this.app.events.followAs(this.runId, null)
      this.marked = true
    }
    const feed = this.app.localWorker?.feedOf(this.runId)
    const held = feed?.after(this.lastRead) ?? []
    if (held.length > 0 && held[0].sequence === this.lastRead + 1) {
      const events = contiguous(held, limit)
      // A closed feed says nothing of what others stored after the run left: a reader that has not read the log does.
      if (!feed!.closed) this.storedUnknown = false
      return this.taken(events, events.length < held.length)
    }
    if (held.length === 0 && !this.behind) return []
    const wakes = this.wakes
    const events = await this.app.events.listAfter(this.runId, this.lastRead, limit)
    this.storedUnknown = false
    this.taken(events, events.length === limit)
    // Every wake that came before the read began told of events stored before it began (wakes follow commits), so the
    // read answered them all, a number the log does not have included (announced for a batch whose final event a cancel
    // kept out): settled. A wake that came while it ran may tell of what it did not see, an unknown one too: read again.
    if (this.wakes === wakes && events.length < limit) this.wanted = Math.min(this.wanted, this.lastRead)
    return events
  }

  /** Moves past `events`; `more`: others may follow at once (the feed held more, or the log's page was full). */
  private taken(events: RunEvent[], more: boolean): RunEvent[] {
    if (events.length > 0) this.lastRead = events[events.length - 1].sequence
    this.full = more
    return events
  }
}

/** The leading events whose numbers follow one another, at most `limit` of them. */
function contiguous(events: readonly RunEvent[], limit: number): RunEvent[] {
  let end = 1
  while (end < events.length && end < limit && events[end].sequence === events[end - 1].sequence + 1) end++
  return events.slice(0, end)
}
