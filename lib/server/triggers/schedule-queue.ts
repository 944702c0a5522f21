/**
 * The queue side of schedules (issue #32). A schedule is a row (WorkflowSchedule) with its next fire time, and one
 * graphile-worker job per schedule (job key `schedule:<id>`) due at that time: the job fires the schedule
 * (schedule-firing.ts), which queues the job again for the fire time after.
 *
 * Why a table and our own job rather than graphile-worker's crontab: the crontab is static (read when a worker
 * starts, the same for every process), minute-grained and in the server's time zone; schedules are made, paused and
 * changed by people at any time, each in its own IANA time zone, and say what to do with fire times missed while the
 * server was down or the schedule paused. A row holds all that; the job only wakes someone at the right time, and
 * the job key keeps one wake-up per schedule however often it is saved. Several workers may take the job's turn at
 * once only through a retry or a race with a save: the fire itself is a compare-and-set on the row's next fire time,
 * and each run's trigger key (`schedule:<id>:<fire time>`) is unique, so a fire time starts one run.
 */
import type { SqlRunner } from '../db/sql'
import { addKeyedJobExpression } from '../runs/queue/keyed-job'

export const SCHEDULE_FIRE_TASK = 'schedule-fire'

/**
 * Queues (or moves) the schedule's job to `runAt`. A new time is news a fire already taken may not have read (a save
 * that moved the schedule while its old time fired, the fire's compare-and-set then losing to the save), so the add is
 * never dropped (keyed-job.ts); a surplus fire finds the time not due, or taken.
 */
export async function queueScheduleFire(sql: Pick<SqlRunner, 'query'>, scheduleId: string, runAt: Date): Promise<void> {
  const fire = addKeyedJobExpression({
    task: SCHEDULE_FIRE_TASK,
    payloadSql: `json_build_object('scheduleId', $1::text)`,
    keySql: `'schedule:' || $1::text`,
    runAtSql: '$2::timestamptz',
    maxAttempts: 5,
  })
  await sql.query(`SELECT ${fire}`, [scheduleId, runAt.toISOString()])
}

/** Removes the schedule's job (paused or deleted); a job already running finds the row paused or gone. */
export async function removeScheduleFire(sql: Pick<SqlRunner, 'query'>, scheduleId: string): Promise<void> {
  await sql.query(`SELECT graphile_worker.remove_job('schedule:' || $1::text)`, [scheduleId])
}
