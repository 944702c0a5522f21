/**
 * Graphile's keyed add (`add_job` with a `job_key`), for a job whose every add carries news: one job per key waits,
 * and an add brings it up to date (its time, its payload) or, when that job is already running, queues another.
 *
 * The keyed add has one gap: when a worker takes the key's waiting job while the add runs (after the add looked for a
 * running job to replace, before its insert met the one now taken), the add writes nothing and returns no job. The
 * taken job may have read the world before the add's own transaction commits, so the news would be lost: then this
 * queues the same job without a key (COALESCE evaluates it only then). A job whose adds only ever repeat what the
 * waiting one will read anyway (a run's, which reads the Run row when it starts) does not need this.
 */

export interface KeyedJob {
  task: string
  /** SQL expressions: the payload (json), the key (text), and optionally when it runs (timestamptz). */
  payloadSql: string
  keySql: string
  runAtSql?: string
  maxAttempts?: number
}

/** An SQL expression that queues the job and whose value is its id (bigint). */
export function addKeyedJobExpression({ task, payloadSql, keySql, runAtSql, maxAttempts }: KeyedJob): string {
  const options = `${runAtSql ? `, run_at => ${runAtSql}` : ''}${maxAttempts ? `, max_attempts => ${maxAttempts}` : ''}`
  return `COALESCE(
    (graphile_worker.add_job('${task}', ${payloadSql}, job_key => ${keySql}${options})).id,
    (graphile_worker.add_job('${task}', ${payloadSql}${options})).id)`
}
