/**
 * Group commit: the event batches a process stores for its runs (RunEventLog.insertNumbered, each
 * a superstep's events with its checkpoint, or a run's end) share transactions when they arrive
 * together. A batch that finds a commit free is sent at once, alone, as before: nothing waits on a
 * timer, so an idle worker adds no latency. Batches that arrive while every commit is in flight
 * wait for one to come back and then go together, in one transaction: under load a worker running
 * many runs pays one commit (one WAL flush) for several runs' supersteps instead of one each.
 *
 * Each batch keeps its own guarantee: it is committed, whole, before its writer is told, and a
 * writer sends its run's next batch only after that, so a run's events stay in order. A group in
 * which one statement fails (another process took an event number, say) is rolled back and every
 * statement of it is sent again alone, so one run's failure is never another's.
 *
 * A group holds the rows its statements lock (each its run's row) until it commits: it takes them
 * in the order of their runs' ids, as renewLeases does, so the two never wait on each other in a
 * cycle (Postgres would break one after a second's wait). A statement that also locks a row shared
 * between runs (the end of an experiment row's run queues its experiment's step job) is sent alone,
 * never grouped: two groups could take two such rows in opposite orders.
 */
import type { SqlRunner } from '../../db/sql'

/** Commits in flight at once; what arrives while they are busy is grouped. */
const DEFAULT_COMMITS_IN_FLIGHT = 2
/** The most statements one transaction carries (a longer queue makes several). */
const MAX_GROUP = 64

interface Waiting {
  /** What the statement locks (a run's id): a group runs its statements in this order. */
  key: string
  text: string
  params: unknown[]
  resolve: (rows: unknown[]) => void
  reject: (error: unknown) => void
}

export class GroupCommit {
  private waiting: Waiting[] = []
  private inFlight = 0

  constructor(
    private readonly sql: Pick<SqlRunner, 'query' | 'transactionOf'>,
    private readonly commitsInFlight = DEFAULT_COMMITS_IN_FLIGHT,
  ) {}

  /**
   * Runs one statement, committed when it resolves: alone when a commit is free, else with the others
   * waiting. `key` names the row it locks (its run's id). `alone`: always in a transaction of its own,
   * at once (it locks a row other runs' statements lock too).
   */
  query<Row = Record<string, unknown>>(key: string, text: string, params: unknown[], { alone = false }: { alone?: boolean } = {}): Promise<Row[]> {
    if (alone) return this.sql.query<Row>(text, params)
    return new Promise<Row[]>((resolve, reject) => {
      this.waiting.push({ key, text, params, resolve: resolve as (rows: unknown[]) => void, reject })
      if (this.inFlight < this.commitsInFlight) void this.commitWaiting()
    })
  }

  private async commitWaiting(): Promise<void> {
    this.inFlight++
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, MAX_GROUP)
        if (group.length === 1) await this.alone(group[0])
        else await this.together(group)
      }
    } finally {
      this.inFlight--
    }
  }

  private async alone(statement: Waiting): Promise<void> {
    try {
      statement.resolve(await this.sql.query(statement.text, statement.params))
    } catch (error) {
      statement.reject(error)
    }
  }

  private async together(unordered: Waiting[]): Promise<void> {
    const group = unordered.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    let results: unknown[][]
    try {
      // Sent together where the runner pipelines (database.ts): one round trip for the group, not one per statement.
      results = await this.sql.transactionOf(group)
    } catch {
      // Rolled back whole: each statement goes again alone, and fails (or not) on its own.
      await Promise.all(group.map((statement) => this.alone(statement)))
      return
    }
    group.forEach((statement, i) => statement.resolve(results[i]))
  }
}
