/**
 * Runs wait for a worker in the Run table itself. A run a worker should take now (to start it, to continue it once
 * people answered, or to resume it after the worker holding it stopped) has a `readyAt`, set by the statement that made
 * it so, which also wakes the workers with a NOTIFY (delivered when its transaction commits). A worker takes ready runs
 * a batch at a time in one statement (run-lease.ts `claimReadyRuns`), on that notification and on a slow poll; the
 * claim clears `readyAt` whether or not the run was its to take (held by another worker, over, still waiting for
 * people), and the Run row decides what is done. Setting it twice is harmless, and a set that meets a claim under way
 * waits for the claim's row lock and lands after it, so no readiness is lost. graphile-worker keeps the app's other
 * jobs (experiments' steps, approvals' expiry and routing, schedules): a run costs no job insert, fetch or completion.
 */
import type { SqlRunner } from '../../db/sql'
import { addKeyedJobExpression } from './keyed-job'

/** Expires a parked run's overdue approvals at their deadline (the database's clock). */
export const EXPIRE_APPROVALS_TASK = 'expire-approvals'

/** Cancels reach the worker holding a run on this channel (payload: the run id). */
export const RUN_CANCEL_CHANNEL = 'agentloom_run_cancel'

/** Workers hear on this channel that runs became ready (no payload: a claim finds which). */
export const RUN_READY_CHANNEL = 'agentloom_run_ready'

/**
 * An SQL expression (boolean, true) that wakes the run workers when its statement's transaction commits: for a
 * statement that marks runs ready, evaluated only where it did (`CASE WHEN … THEN ${WAKE_RUN_WORKERS} END`).
 */
export const WAKE_RUN_WORKERS = `pg_notify('${RUN_READY_CHANNEL}', '') IS NOT NULL`

/** Marks the run ready for a worker, and wakes the workers: in a transaction, with whatever else it writes. */
export async function markRunReady(sql: Pick<SqlRunner, 'query'>, runId: string): Promise<void> {
  await sql.query(`WITH ready AS (UPDATE "Run" SET "readyAt" = now() WHERE id = $1 RETURNING id) SELECT ${WAKE_RUN_WORKERS} FROM ready`, [runId])
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
