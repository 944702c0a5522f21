/**
 * The events of a run this process executes, handed over in memory as the run's writer stores
 * them, so that a request waiting for the run here (a `/v1/responses` call) need not read back from
 * Postgres what this process has just written. It carries only what this process stored through
 * the run's writer and its end: events appended by others (a cancel, an approval answered
 * elsewhere, `mcp_connected` while the run is prepared) show as gaps in the numbers, which the
 * follower fills from the log. Once the run leaves this process the feed is closed and the
 * follower goes on from the log.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import type { RunStatus, TokenUsage } from '@/lib/contracts/runs'

/** How the run ended, as the executor recorded it (what a waiting request would otherwise read back from the row). */
export interface LocalRunOutcome {
  status: Extract<RunStatus, 'succeeded' | 'failed'>
  outputs: unknown
  usage: TokenUsage | null
  error: string | null
}

export class LocalRunFeed {
  private readonly events: RunEvent[] = []
  private waiters: (() => void)[] = []
  private closedFlag = false
  /** Set when the executor recorded the run's end (its final event is then the feed's last). */
  outcome: LocalRunOutcome | undefined

  constructor(first: readonly RunEvent[] = []) {
    this.events.push(...first)
  }

  get closed(): boolean {
    return this.closedFlag
  }

  /** Events stored by this process, in the order of their numbers. */
  push(events: readonly RunEvent[]): void {
    if (this.closedFlag || events.length === 0) return
    this.events.push(...events)
    this.wakeAll()
  }

  ended(event: RunEvent, outcome: LocalRunOutcome): void {
    this.outcome = outcome
    this.push([event])
  }

  /** The run left this process: nothing more comes through the feed. */
  close(): void {
    this.closedFlag = true
    this.wakeAll()
  }

  /** The events numbered after `sequence`. */
  after(sequence: number): RunEvent[] {
    // Numbers only grow: scan back from the end to where the caller stands.
    let start = this.events.length
    while (start > 0 && this.events[start - 1].sequence > sequence) start--
    return this.events.slice(start)
  }

  /** Resolves when something was pushed, the feed closed, or `signal` aborted. */
  changed(signal: AbortSignal): Promise<void> {
    if (this.closedFlag || signal.aborted) return Promise.resolve()
    return new Promise<void>((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done)
        resolve()
      }
      signal.addEventListener('abort', done, { once: true })
      this.waiters.push(done)
    })
  }

  private wakeAll(): void {
    const waiters = this.waiters
    this.waiters = []
    for (const wake of waiters) wake()
  }
}
