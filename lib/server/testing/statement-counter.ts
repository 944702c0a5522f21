/**
 * Counts the SQL statements and commits the app sends to one database, through the driver: every
 * query of node-pg's `Client` (Prisma's adapter, `db.sql`, graphile-worker and the LISTEN
 * connection all go through it) is seen here, whoever sent it. A count is not a timing: the same
 * work gives the same count on every machine, so a test can hold the app to a statement budget.
 *
 * A commit is what Postgres counts in `xact_commit`: a statement outside a transaction block is
 * its own transaction; `BEGIN … COMMIT` is one (a rolled-back block is none).
 *
 * Statements sent inside `uncounted(work)` (a test's own reads while it waits) are left out: the
 * counter follows the caller's async context (AsyncLocalStorage), so only what `work` awaits is.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import pg from 'pg'

export interface StatementCount {
  /** Round trips: every query sent, BEGIN and COMMIT included. */
  statements: number
  /** Transactions committed (autocommit statements and COMMITted blocks). */
  commits: number
  /** Executions per statement text (the first 120 characters, whitespace folded), to see what a count is made of. */
  byText: Map<string, number>
}

export interface StatementCounter {
  /** What was counted since the counter started or was last reset. */
  read(): StatementCount
  /** Starts counting from zero. */
  reset(): void
  /** Resolves once no counted statement is on its way (each has had its answer). */
  settled(): Promise<void>
  /** Runs `work` without counting the statements it sends. */
  uncounted<T>(work: () => Promise<T>): Promise<T>
  /** Puts node-pg's Client back as it was. */
  stop(): void
}

type Query = (this: pg.Client, ...args: unknown[]) => unknown

const uncountedScope = new AsyncLocalStorage<true>()
const inTransaction = new WeakSet<pg.Client>()

function textOf(config: unknown): string {
  if (typeof config === 'string') return config
  if (config && typeof config === 'object' && typeof (config as { text?: unknown }).text === 'string') return (config as { text: string }).text
  return ''
}

function label(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 120)
}

let installed = false

/** Starts counting the statements sent to `database` (the name of the app's database) from this process. */
export function countStatements(database: string): StatementCounter {
  if (installed) throw new Error('A statement counter is already installed in this process.')
  installed = true
  const original = pg.Client.prototype.query as unknown as Query
  let count: StatementCount = { statements: 0, commits: 0, byText: new Map() }
  let inFlight = 0
  let idle: (() => void)[] = []
  const done = () => {
    inFlight--
    if (inFlight > 0) return
    const waiting = idle
    idle = []
    for (const resolve of waiting) resolve()
  }

  function counted(this: pg.Client, ...args: unknown[]): unknown {
    const counts =
      (this as unknown as { connectionParameters?: { database?: string } }).connectionParameters?.database === database && !uncountedScope.getStore()
    // Transaction state is kept per connection even for uncounted statements, so later counts stay right.
    const text = textOf(args[0])
    const keyword = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase()
    let commits = 0
    if (keyword === 'BEGIN' || keyword === 'START') inTransaction.add(this)
    else if (keyword === 'COMMIT' || keyword === 'END') {
      if (inTransaction.delete(this)) commits = 1
    } else if (keyword === 'ROLLBACK' && !/^\s*ROLLBACK\s+TO\b/i.test(text)) inTransaction.delete(this)
    else if (!inTransaction.has(this)) commits = 1
    const result = original.apply(this, args)
    if (!counts) return result
    count.statements++
    count.commits += commits
    const key = label(text)
    count.byText.set(key, (count.byText.get(key) ?? 0) + 1)
    // node-pg returns a promise unless given a callback or a Submittable; only promises are tracked for settled().
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      inFlight++
      ;(result as Promise<unknown>).then(done, done)
    }
    return result
  }

  pg.Client.prototype.query = counted as unknown as typeof pg.Client.prototype.query
  return {
    read: () => ({ statements: count.statements, commits: count.commits, byText: new Map(count.byText) }),
    reset() {
      count = { statements: 0, commits: 0, byText: new Map() }
    },
    settled: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
    uncounted: (work) => uncountedScope.run(true, work),
    stop() {
      if (pg.Client.prototype.query === (counted as unknown)) pg.Client.prototype.query = original as unknown as typeof pg.Client.prototype.query
      installed = false
    },
  }
}

/** The count as lines for a failure message: the texts sent most, with their executions. */
export function describeCount(count: StatementCount): string {
  const lines = [...count.byText].sort((a, b) => b[1] - a[1]).map(([text, times]) => `  ${String(times).padStart(3)} × ${text}`)
  return [`${count.statements} statements, ${count.commits} commits:`, ...lines].join('\n')
}
