/**
 * Writes the events of the run this worker holds, in order, in batches: a batch waits a few
 * milliseconds for company (or until flushed, as at the end of every superstep), and while one
 * batch is being stored the events that arrive meanwhile gather into the next, so a run costs
 * about one statement per superstep rather than one transaction per event.
 * The writer keeps the next sequence number itself; the unique index on (run, sequence) catches any
 * other writer (a web process appending an approval's answer), after which the batch is renumbered
 * and written again. A batch may carry statements that must commit with its events (the
 * checkpoint pointer, the run's final status).
 *
 * After a crash, the worker that takes the run over replays the superstep that was cut off. The
 * events that superstep had already stored are `replaying`: while the replay produces the same
 * events they are matched, not stored again, so the log reads as if nothing had happened. A replay
 * that produces something else (a model answering differently) stops matching: from there its
 * events follow what is stored, after a warning that says so.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import { FINAL_EVENT_TYPES, isUniqueViolation, type BatchSql, type EventRow, type RunEventLog } from './run-event-log'

/**
 * Events appended outside the writer (by other processes, or `mcp_connected` while the run is
 * prepared): a replay does not produce them again through it, so they are not compared.
 */
const EXTERNAL_EVENT_TYPES = new Set([
  'approval_requested',
  'approval_resolved',
  'approval_escalated',
  'run_cancelled',
  'mcp_task_cancel_requested',
  'mcp_task_cancel_failed',
  'mcp_connected',
])

/** Statements committed with a batch: a CTE list using `$1` (run id) and parameters from `$5`. */
export type BatchStatement = BatchSql

interface Pending {
  type: string
  data: unknown
  /** Moves the run's resume point to this event (see alsoStatements). */
  also?: (firstParam: number, sequence: number) => BatchStatement
  /** The run's end: the CTE `ended` that changes its status (see RunEventLog.insertNumbered). */
  ends?: (firstParam: number) => BatchStatement
  /** The end's batch commits in a transaction of its own, not grouped with other runs' (see RunEventLog.insertNumbered). */
  endsAlone?: boolean
  /** Given the stored event, or undefined for an end that did not happen (the run had ended already). */
  resolve: (event: RunEvent | undefined) => void
  reject: (error: unknown) => void
}

interface Prepared {
  pending: Pending
  data: unknown
  payload: string
}

/** Statements with no event of their own that ride with the next batch (a checkpoint). */
interface Rider {
  build: (firstParam: number) => BatchStatement
  resolve: () => void
  reject: (error: unknown) => void
}

const MAX_RENUMBERS = 50
/** How long the first event of a batch waits for company (see drain). */
export const LINGER_MS = 5
export const REPLAY_DIVERGED_MESSAGE =
  'This run was resumed after the worker running it stopped. The step that was cut off ran again and did not repeat what it had recorded; its new events follow.'

const ignoreStored = (): void => {}

export class RunEventWriter {
  private queue: Pending[] = []
  private riders: Rider[] = []
  private endLinger: (() => void) | undefined
  private flushing: Promise<void> | undefined
  private nextSequence: number
  private replaying: RunEvent[]

  constructor(
    private readonly log: RunEventLog,
    private readonly runId: string,
    /** The number the next event gets. */
    nextSequence: number,
    /** Events stored after the checkpoint the run resumes from (see the module comment). */
    replaying: readonly RunEvent[] = [],
    /**
     * Told of each batch once it is stored, in order, before this process's readers are woken (a reader in this process
     * takes them from here: local-run-feed.ts), each with the length of its stored JSON text. A final event is told
     * only when its batch ended the run.
     */
    private readonly onStored?: (events: RunEvent[], sizes: number[]) => void,
    /** How long the first event of a batch waits for company; flushes (every superstep's end) do not wait. */
    private readonly lingerMs = LINGER_MS,
  ) {
    this.nextSequence = nextSequence
    this.replaying = replaying.filter((event) => !EXTERNAL_EVENT_TYPES.has(event.type))
  }

  /** The sequence of the last event written or matched. */
  get lastSequence(): number {
    return this.nextSequence - 1
  }

  /**
   * Queues an event; resolves once it is stored (or matched by a replay). `also` builds the
   * statement that makes this event the run's resume point, committed with the batch that holds
   * it, given its first free parameter number and the event's sequence.
   */
  write(type: string, data: unknown, also?: Pending['also']): Promise<RunEvent> {
    return new Promise<RunEvent>((resolve, reject) => {
      this.queue.push({ type, data, also, resolve: resolve as (event: RunEvent | undefined) => void, reject })
      this.flushing ??= this.drain()
    })
  }

  /**
   * write, for an event nobody waits for: no promise (a run writes many events, and each promise costs), `onFailed`
   * is told if its batch fails to store.
   */
  post(type: string, data: unknown, onFailed: (error: unknown) => void): void {
    this.queue.push({ type, data, resolve: ignoreStored, reject: onFailed })
    this.flushing ??= this.drain()
  }

  /**
   * Ends the run with its final event, in the same statement as everything still queued (the last
   * superstep's events and checkpoint): `ending` builds the CTE `ended` that records the outcome.
   * Resolves with the final event, or undefined when the run had ended already (a cancel won).
   * `alone`: the batch commits in a transaction of its own (an experiment row's run, see endRun).
   */
  end(type: string, data: unknown, ending: NonNullable<Pending['ends']>, { alone = false }: { alone?: boolean } = {}): Promise<RunEvent | undefined> {
    const ended = new Promise<RunEvent | undefined>((resolve, reject) => {
      this.queue.push({ type, data, ends: ending, endsAlone: alone, resolve, reject })
      this.flushing ??= this.drain()
    })
    this.endLinger?.()
    return ended
  }

  /**
   * Commits statements with the next batch (or alone, if no event comes): a superstep's checkpoint
   * rides with the events that end it, so it costs no round trip of its own. `now`: someone waits on it, so the
   * batch is sent at once, without lingering (in an `exit` run, whose events otherwise wait for its end).
   */
  carry(build: Rider['build'], { now = false }: { now?: boolean } = {}): Promise<void> {
    const stored = new Promise<void>((resolve, reject) => {
      this.riders.push({ build, resolve, reject })
      this.flushing ??= this.drain()
    })
    if (now) this.endLinger?.()
    return stored
  }

  /** Stores what is queued now (without lingering); resolves when everything queued so far is stored. */
  async flush(): Promise<void> {
    this.endLinger?.()
    while (this.flushing) await this.flushing
  }

  private async drain(): Promise<void> {
    try {
      // Let the events of the next few milliseconds join the first batch: a quick superstep is
      // then one statement (its end flushes at once), a slow one streams in batches LINGER_MS apart.
      // A writer that holds its events (an `exit` run, lib/contracts/durability.ts) stores them only when flushed.
      await new Promise<void>((resolve) => {
        const timer = Number.isFinite(this.lingerMs) ? setTimeout(() => this.endLinger?.(), this.lingerMs) : undefined
        this.endLinger = () => {
          clearTimeout(timer)
          this.endLinger = undefined
          resolve()
        }
      })
      while (this.queue.length > 0 || this.riders.length > 0) {
        const batch = this.queue
        const riders = this.riders
        this.queue = []
        this.riders = []
        await this.store(batch, riders)
      }
    } finally {
      this.flushing = undefined
    }
  }

  private async store(batch: Pending[], riders: Rider[]): Promise<void> {
    let prepared: Prepared[]
    try {
      const events = await this.log.prepareEvents(
        this.runId,
        batch.map((pending) => pending.data),
      )
      prepared = batch.map((pending, i) => ({ pending, ...events[i] }))
    } catch (error) {
      for (const pending of batch) pending.reject(error)
      for (const rider of riders) rider.reject(error)
      return
    }
    const fresh = await this.matchReplay(prepared)
    if (fresh.length === 0 && riders.length === 0) return
    const ending = fresh.some(({ pending }) => pending.ends)
    const alone = fresh.some(({ pending }) => pending.endsAlone)
    for (let attempt = 1; ; attempt++) {
      const first = this.nextSequence
      const rows: EventRow[] = fresh.map(({ pending, payload }, i) => ({ sequence: first + i, type: pending.type, payload }))
      try {
        const storedAt = (createdAt: Date) =>
          fresh.map(({ pending, data }, i): RunEvent => ({ sequence: first + i, type: pending.type, data, createdAt: createdAt.toISOString() }))
        let stored: RunEvent[] = []
        const { createdAt, ended } = await this.log.insertNumbered(this.runId, rows, this.alsoStatements(riders, fresh, first), {
          ending,
          alone,
          stored: (batch) => {
            stored = storedAt(batch.createdAt)
            const sizes = fresh.map(({ payload }) => payload.length)
            // A cancel that won leaves the batch's final event unstored.
            const told = ending && !batch.ended ? stored.filter(({ type }) => !FINAL_EVENT_TYPES.has(type)) : stored
            if (told.length > 0) this.onStored?.(told, told === stored ? sizes : sizes.filter((_, i) => !FINAL_EVENT_TYPES.has(stored[i].type)))
          },
        })
        this.nextSequence = first + rows.length
        if (stored.length < fresh.length) stored = storedAt(createdAt)
        fresh.forEach(({ pending }, i) => pending.resolve(pending.ends && !ended ? undefined : stored[i]))
        for (const rider of riders) rider.resolve()
        return
      } catch (error) {
        if (isUniqueViolation(error) && attempt < MAX_RENUMBERS) {
          // Someone else appended meanwhile: continue after their events.
          this.nextSequence = (await this.log.lastSequence(this.runId)) + 1
          continue
        }
        for (const { pending } of fresh) pending.reject(error)
        for (const rider of riders) rider.reject(error)
        return
      }
    }
  }

  /**
   * Statements that ride with the batch: the riders', then the resume point. Each event's `also`
   * moves the run's resume point, so only the batch's last one is sent (two would update the run's
   * row twice in one statement); a batch that ends the run sends none, and its end instead.
   */
  private alsoStatements(riders: Rider[], fresh: Prepared[], first: number): BatchStatement | undefined {
    const statements: BatchStatement[] = []
    let param = 5
    const add = (build: (firstParam: number) => BatchStatement) => {
      const statement = build(param)
      param += statement.params.length
      statements.push(statement)
    }
    for (const rider of riders) add(rider.build)
    const end = fresh.find(({ pending }) => pending.ends)?.pending.ends
    if (end) add(end)
    else {
      const last = fresh.findLastIndex(({ pending }) => pending.also)
      if (last >= 0) add((firstParam) => fresh[last].pending.also!(firstParam, first + last))
    }
    if (statements.length === 0) return undefined
    return { sql: statements.map((s) => s.sql).join(',\n'), params: statements.flatMap((s) => s.params) }
  }

  /** Events a replay repeats are matched, not stored; returns the ones to store. */
  private async matchReplay(prepared: Prepared[]): Promise<Prepared[]> {
    if (this.replaying.length === 0) return prepared
    const fresh: Prepared[] = []
    for (const item of prepared) {
      const expected = this.replaying[0]
      if (expected && fresh.length === 0 && expected.type === item.pending.type && sameJson(expected.data, item.payload)) {
        this.replaying.shift()
        this.nextSequence = expected.sequence + 1
        item.pending.resolve(expected)
        continue
      }
      if (this.replaying.length > 0) await this.divergeFromReplay()
      fresh.push(item)
    }
    return fresh
  }

  private async divergeFromReplay(): Promise<void> {
    this.replaying = []
    this.nextSequence = (await this.log.lastSequence(this.runId)) + 1
    const payload = await this.log.prepare(this.runId, { message: REPLAY_DIVERGED_MESSAGE })
    await this.log.insertNumbered(this.runId, [{ sequence: this.nextSequence, type: 'warning', payload }])
    this.nextSequence++
  }
}

function sameJson(stored: unknown, payload: string): boolean {
  return canonicalJson(stored) === canonicalJson(JSON.parse(payload))
}

/** jsonb does not keep key order: compare with keys sorted. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  )
}
