/**
 * Runs are jobs in graphile-worker, a Postgres job queue (SKIP LOCKED, LISTEN/NOTIFY for new jobs).
 * A job means "a worker should take this run now": start it, continue it once people answered,
 * or resume it after the worker holding it stopped. The Run row stays the record people see; a job
 * carries only the run id, and the worker decides from the row what to do (run-claim.ts). One job
 * per run is queued at a time (job key `run:<id>`), so queuing twice is harmless. This module is
 * the SQL that queues; queue-setup.ts holds what needs graphile-worker itself.
 */
import type { SqlRunner } from '../../db/sql'
import { addKeyedJobExpression } from './keyed-job'

export const RUN_TASK = 'run'
/** Expires a parked run's overdue approvals at their deadline (the database's clock). */
export const EXPIRE_APPROVALS_TASK = 'expire-approvals'

/** Cancels reach the worker holding a run on this channel (payload: the run id). */
export const RUN_CANCEL_CHANNEL = 'agentloom_run_cancel'

/**
 * An SQL expression that queues a job for the run whose id is the parameter `runIdParam` (e.g.
 * `$1`), to be used inside a statement so the job commits with whatever else it writes.
 */
export function queueRunExpression(runIdParam: string): string {
  return `graphile_worker.add_job('${RUN_TASK}', json_build_object('runId', ${runIdParam}::text), job_key => 'run:' || ${runIdParam}::text, max_attempts => 1000)`
}

export async function queueRun(sql: Pick<SqlRunner, 'query'>, runId: string): Promise<void> {
  await sql.query(`SELECT ${queueRunExpression('$1')}`, [runId])
}

/**
 * Schedules the expiry of the run's pending approvals at the latest of their deadlines. A deadline is news an expiry
 * already under way may not have read, so it is never dropped (keyed-job.ts).
 */
export async function scheduleApprovalExpiry(sql: Pick<SqlRunner, 'query'>, runId: string): Promise<void> {
  const expiry = addKeyedJobExpression({
    task: EXPIRE_APPROVALS_TASK,
    payloadSql: `json_build_object('runId', $1::text)`,
    keySql: `'expire:' || $1::text`,
    runAtSql: `(SELECT max("expiresAt") FROM "ApprovalRequest" WHERE "runId" = $1 AND status = 'pending')`,
  })
  await sql.query(`SELECT ${expiry} WHERE EXISTS (SELECT 1 FROM "ApprovalRequest" WHERE "runId" = $1 AND status = 'pending')`, [runId])
}
