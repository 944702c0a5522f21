/**
 * What the run-throughput benchmark reads straight from the app's database (its own small pool):
 * run statuses while waiting, queue waits and run times, the integrity of every run's event log,
 * counters from pg_stat_database / pg_stat_user_tables, and pg_stat_statements where the server
 * has it loaded. Times come from the database's clock (now() in the app's statements), which is
 * this machine's clock: the bench's own timestamps are comparable.
 */
import pg from 'pg'

export type Counters = Record<string, number>

export interface RunTimings {
  runs: number
  /** Runs taken more than once: a worker lost the lease (or stopped) and another resumed the run. */
  takenOver: number
  byStatus: Record<string, number>
  queueWaitMs: { p50: number; p99: number; max: number }
  runMs: { p50: number; p99: number; max: number }
  firstCreatedAt: number
  lastFinishedAt: number
}

export interface SlowRun {
  id: string
  runMs: number
  attempts: number
  /** The longest time between two consecutive events of the run, and what they were. */
  gapMs: number
  before: string
  after: string
  sequence: number
}

export interface LogIntegrity {
  runsChecked: number
  events: number
  /** Runs whose sequences have holes (count of events < highest sequence). */
  runsWithGaps: number
  /** Runs without exactly one final event (run_succeeded/run_failed/run_cancelled). */
  runsWithoutOneFinal: number
  /** Runs whose final event is not their last event. */
  runsWithEventsAfterFinal: number
  examples: string[]
}

export class BenchDb {
  private readonly pool: pg.Pool
  /** Statements this client ran (each its own transaction), to be told apart from the app's. */
  queries = 0

  constructor(url: string) {
    this.pool = new pg.Pool({ connectionString: url, max: 3 })
    this.pool.on('error', () => {})
  }

  async query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
    this.queries++
    return (await this.pool.query<T>(sql, params)).rows
  }

  async close(): Promise<void> {
    await this.pool.end()
  }

  async statusCounts(workflowId: string): Promise<Record<string, number>> {
    const rows = await this.query<{ status: string; count: string }>(`SELECT status, count(*) FROM "Run" WHERE "workflowId" = $1 GROUP BY status`, [workflowId])
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]))
  }

  async runTimings(workflowId: string): Promise<RunTimings> {
    const [row] = await this.query<Record<string, string | null>>(
      `SELECT count(*) AS runs,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM "startedAt" - "createdAt") * 1000) AS wait50,
         percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM "startedAt" - "createdAt") * 1000) AS wait99,
         max(extract(epoch FROM "startedAt" - "createdAt") * 1000) AS waitmax,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM "finishedAt" - "startedAt") * 1000) AS run50,
         percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM "finishedAt" - "startedAt") * 1000) AS run99,
         max(extract(epoch FROM "finishedAt" - "startedAt") * 1000) AS runmax,
         extract(epoch FROM min("createdAt")) * 1000 AS first, extract(epoch FROM max("finishedAt")) * 1000 AS last,
         count(*) FILTER (WHERE attempts > 1) AS takenover
       FROM "Run" WHERE "workflowId" = $1`,
      [workflowId],
    )
    const n = (key: string) => Number(row[key] ?? Number.NaN)
    return {
      runs: n('runs'),
      takenOver: n('takenover'),
      byStatus: await this.statusCounts(workflowId),
      queueWaitMs: { p50: n('wait50'), p99: n('wait99'), max: n('waitmax') },
      runMs: { p50: n('run50'), p99: n('run99'), max: n('runmax') },
      firstCreatedAt: n('first'),
      lastFinishedAt: n('last'),
    }
  }

  /** Checks every run's stored events: numbered 1..n without holes, one final event, last. */
  async logIntegrity(workflowId: string): Promise<LogIntegrity> {
    const rows = await this.query<{ id: string; events: string; last: string; finals: string; finalseq: string | null }>(
      `SELECT r.id, count(e.*) AS events, COALESCE(max(e.sequence), 0) AS last,
         count(*) FILTER (WHERE e.type IN ('run_succeeded', 'run_failed', 'run_cancelled')) AS finals,
         max(e.sequence) FILTER (WHERE e.type IN ('run_succeeded', 'run_failed', 'run_cancelled')) AS finalseq
       FROM "Run" r LEFT JOIN "RunEvent" e ON e."runId" = r.id WHERE r."workflowId" = $1 GROUP BY r.id`,
      [workflowId],
    )
    const result: LogIntegrity = { runsChecked: rows.length, events: 0, runsWithGaps: 0, runsWithoutOneFinal: 0, runsWithEventsAfterFinal: 0, examples: [] }
    for (const row of rows) {
      const [events, last, finals] = [Number(row.events), Number(row.last), Number(row.finals)]
      result.events += events
      const problems: string[] = []
      if (events !== last) {
        result.runsWithGaps++
        problems.push(`${events} events up to sequence ${last}`)
      }
      if (finals !== 1) {
        result.runsWithoutOneFinal++
        problems.push(`${finals} final events`)
      } else if (Number(row.finalseq) !== last) {
        result.runsWithEventsAfterFinal++
        problems.push(`final event ${row.finalseq} before the last event ${last}`)
      }
      if (problems.length && result.examples.length < 5) result.examples.push(`run ${row.id}: ${problems.join(', ')}`)
    }
    return result
  }

  /** The `count` longest runs (start to end), each with the longest silence in its event log. */
  async slowestRuns(workflowId: string, count: number): Promise<SlowRun[]> {
    const rows = await this.query<{ id: string; ms: number; attempts: number; before: string; after: string; gap: number; sequence: number }>(
      `WITH slow AS (
         SELECT id, extract(epoch FROM "finishedAt" - "startedAt") * 1000 AS ms, attempts FROM "Run"
         WHERE "workflowId" = $1 AND "finishedAt" IS NOT NULL ORDER BY "finishedAt" - "startedAt" DESC LIMIT $2),
       gaps AS (
         SELECT e."runId", e.sequence, e.type AS after, lag(e.type) OVER w AS before,
           extract(epoch FROM e."createdAt" - lag(e."createdAt") OVER w) * 1000 AS gap
         FROM "RunEvent" e JOIN slow ON slow.id = e."runId" WINDOW w AS (PARTITION BY e."runId" ORDER BY e.sequence))
       SELECT DISTINCT ON (slow.id) slow.id, slow.ms, slow.attempts, g.before, g.after, g.gap, g.sequence
       FROM slow JOIN gaps g ON g."runId" = slow.id WHERE g.gap IS NOT NULL ORDER BY slow.id, g.gap DESC`,
      [workflowId, count],
    )
    return rows
      .map((row) => ({
        id: row.id,
        runMs: Number(row.ms),
        attempts: Number(row.attempts),
        gapMs: Number(row.gap),
        before: row.before,
        after: row.after,
        sequence: Number(row.sequence),
      }))
      .sort((a, b) => b.runMs - a.runMs)
  }

  /** Runs of the workflow that are not waiting, grouped by status and error. */
  async notWaiting(workflowId: string): Promise<{ status: string; error: string | null; count: number }[]> {
    const rows = await this.query<{ status: string; error: string | null; count: string }>(
      `SELECT status, error, count(*) FROM "Run" WHERE "workflowId" = $1 AND status <> 'waiting' GROUP BY status, error ORDER BY count(*) DESC LIMIT 10`,
      [workflowId],
    )
    return rows.map((row) => ({ status: row.status, error: row.error, count: Number(row.count) }))
  }

  async storedSequences(runIds: string[]): Promise<Map<string, number>> {
    const rows = await this.query<{ runId: string; count: string }>(
      `SELECT "runId", count(*) FROM "RunEvent" WHERE "runId" = ANY($1::text[]) GROUP BY "runId"`,
      [runIds],
    )
    return new Map(rows.map((row) => [row.runId, Number(row.count)]))
  }

  /** Events, supersteps and checkpoints per run, and the checkpoints' mean stored size. */
  async perRunShape(workflowId: string): Promise<{ events: number; supersteps: number; checkpoints: number; checkpointBytes: number }> {
    const [row] = await this.query<Record<string, string | null>>(
      `SELECT
         (SELECT count(*) FROM "RunEvent" e JOIN "Run" r ON r.id = e."runId" WHERE r."workflowId" = $1)::float / NULLIF((SELECT count(*) FROM "Run" WHERE "workflowId" = $1), 0) AS events,
         (SELECT count(*) FROM "RunEvent" e JOIN "Run" r ON r.id = e."runId" WHERE r."workflowId" = $1 AND e.type = 'superstep_completed')::float / NULLIF((SELECT count(*) FROM "Run" WHERE "workflowId" = $1), 0) AS supersteps,
         (SELECT count(*) FROM "Checkpoint" c JOIN "Run" r ON r.id = c."runId" WHERE r."workflowId" = $1)::float / NULLIF((SELECT count(*) FROM "Run" WHERE "workflowId" = $1), 0) AS checkpoints,
         (SELECT avg(pg_column_size(c.data)) FROM "Checkpoint" c JOIN "Run" r ON r.id = c."runId" WHERE r."workflowId" = $1) AS bytes`,
      [workflowId],
    )
    return { events: Number(row.events), supersteps: Number(row.supersteps), checkpoints: Number(row.checkpoints), checkpointBytes: Number(row.bytes) }
  }

  /** The parked runs: waiting ones, those a worker still holds, and those left ready for a worker. */
  async parkedState(workflowId: string): Promise<{ waiting: number; heldByWorker: number; pendingApprovals: number; readyRuns: number }> {
    const [row] = await this.query<Record<string, string>>(
      `SELECT
         (SELECT count(*) FROM "Run" WHERE "workflowId" = $1 AND status = 'waiting') AS waiting,
         (SELECT count(*) FROM "Run" WHERE "workflowId" = $1 AND "workerId" IS NOT NULL) AS held,
         (SELECT count(*) FROM "ApprovalRequest" a JOIN "Run" r ON r.id = a."runId" WHERE r."workflowId" = $1 AND a.status = 'pending') AS approvals,
         (SELECT count(*) FROM "Run" WHERE "workflowId" = $1 AND "readyAt" IS NOT NULL) AS ready`,
      [workflowId],
    )
    return { waiting: Number(row.waiting), heldByWorker: Number(row.held), pendingApprovals: Number(row.approvals), readyRuns: Number(row.ready) }
  }

  /** This database's transaction and row counters, and rows written per table. */
  async counters(): Promise<Counters> {
    const [database] = await this.query<Record<string, string>>(
      `SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted, tup_fetched, tup_returned FROM pg_stat_database WHERE datname = current_database()`,
    )
    const counters: Counters = Object.fromEntries(Object.entries(database).map(([key, value]) => [key, Number(value)]))
    const tables = await this.query<{ name: string; ins: string; upd: string; del: string; hot: string }>(
      `SELECT schemaname || '.' || relname AS name, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_del AS del, n_tup_hot_upd AS hot FROM pg_stat_user_tables`,
    )
    for (const table of tables) {
      counters[`${table.name} inserted`] = Number(table.ins)
      counters[`${table.name} updated`] = Number(table.upd)
      counters[`${table.name} deleted`] = Number(table.del)
    }
    return counters
  }

  /** The server processes serving this database's connections (their CPU is read from /proc). */
  async backendPids(): Promise<number[]> {
    const rows = await this.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)
    return rows.map((row) => row.pid)
  }

  /** True when the server loaded pg_stat_statements (shared_preload_libraries); then the extension is created here. */
  async enableStatementStatistics(): Promise<boolean> {
    const [row] = await this.query<{ setting: string }>(`SELECT setting FROM pg_settings WHERE name = 'shared_preload_libraries'`)
    if (!row?.setting.split(',').some((name) => name.trim() === 'pg_stat_statements')) return false
    await this.query(`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`)
    return true
  }

  async resetStatementStatistics(): Promise<void> {
    await this.query(`SELECT pg_stat_statements_reset()`)
  }

  async statementStatistics(limit = 30): Promise<{ query: string; calls: number; meanMs: number; totalMs: number }[]> {
    const rows = await this.query<{ query: string; calls: string; mean: number; total: number }>(
      `SELECT query, calls, mean_exec_time AS mean, total_exec_time AS total FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY calls DESC LIMIT $1`,
      [limit],
    )
    return rows.map((row) => ({ query: row.query.replace(/\s+/g, ' '), calls: Number(row.calls), meanMs: Number(row.mean), totalMs: Number(row.total) }))
  }
}

/** b − a for every counter, dropping those that did not move. */
export function counterDelta(before: Counters, after: Counters): Counters {
  const delta: Counters = {}
  for (const [key, value] of Object.entries(after)) {
    const change = value - (before[key] ?? 0)
    if (change !== 0) delta[key] = change
  }
  return delta
}
