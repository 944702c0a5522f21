/**
 * The SQL of an experiment's steps (evaluations/experiment-driver.ts) that other statements need: queuing one, for the
 * experiment's creation and the end of any of its rows' runs (the run path's `ended` and cancel statements), and
 * finding one a dead worker left, for the run path's sweep of lapsed leases (run-lease.ts). It lives with the run
 * queue, floors below the experiments, because the run path's own statements carry it: the run path imports this and
 * nothing else of experiments.
 *
 * One job per experiment is queued at a time (job key `experiment:<id>`, but for keyed-job.ts's gap), and its steps
 * run one at a time under a Postgres advisory lock held on a connection of its own for the step's length
 * (experiment-jobs.ts): a wake-up that arrives while a step runs is a second job, which waits for the lock (or leaves
 * it to a job already waiting, whose step comes later still), rather than a second step that would start rows on a
 * stale count. The lock, not a graphile queue, is what serialises steps because Postgres drops it with a dead worker's
 * connection: a crash mid-step stalls nothing but the dead job itself, which the sweep queues again after a lease (a
 * graphile queue would stay locked, and hold every later wake-up, for its four-hour lock timeout).
 */
import { addKeyedJobExpression } from './keyed-job'

export const EXPERIMENT_STEP_TASK = 'experiment-step'

/** The job key of the experiment's steps. */
export function experimentStepKey(experimentId: string): string {
  return `experiment:${experimentId}`
}

/**
 * The arguments of a two-key advisory lock of the experiment's steps (`experimentIdSql`: an SQL text expression):
 * `step`, which a step holds while it runs, and `waiter`, which the one job waiting for the step lock holds meanwhile
 * (experiment-jobs.ts). The two-key form keeps them apart from every one-key advisory lock, such as the experiment's
 * `experimentLockKey` (a step's row starts against a cancel), which a step takes while holding its own.
 */
function stepLockArgs(lock: 'step' | 'waiter', experimentIdSql: string): string {
  return `hashtext('${lock === 'step' ? EXPERIMENT_STEP_TASK : `${EXPERIMENT_STEP_TASK}-waiter`}'), hashtext(${experimentIdSql}::text)`
}

/** Waits for, then takes, the step lock of experiment `$1` for the session. */
export const LOCK_EXPERIMENT_STEP_SQL = `SELECT pg_advisory_lock(${stepLockArgs('step', '$1')})`
export const UNLOCK_EXPERIMENT_STEP_SQL = `SELECT pg_advisory_unlock(${stepLockArgs('step', '$1')})`
/** Takes the waiter's lock of experiment `$1` for the session if nobody holds it (`taken`). */
export const TRY_LOCK_EXPERIMENT_STEP_WAITER_SQL = `SELECT pg_try_advisory_lock(${stepLockArgs('waiter', '$1')}) AS taken`
export const UNLOCK_EXPERIMENT_STEP_WAITER_SQL = `SELECT pg_advisory_unlock(${stepLockArgs('waiter', '$1')})`

/**
 * An SQL expression queuing the experiment's step to run now, whose value is the job's id: `experimentIdSql` is an SQL
 * text expression (a parameter such as `$1`, or a column). A step already queued for later (the safety step,
 * experiment-jobs.ts) is brought forward (graphile's `replace` key mode); during a step, whose job is locked, graphile
 * queues a new job under the key, which waits for the step lock. A wake-up carries news the step running may have
 * missed, so it is never dropped (keyed-job.ts): a surplus step costs a try of the waiter's lock.
 */
export function queueExperimentStepExpression(experimentIdSql: string): string {
  return addKeyedJobExpression({
    task: EXPERIMENT_STEP_TASK,
    payloadSql: `json_build_object('experimentId', ${experimentIdSql}::text)`,
    keySql: `'experiment:' || ${experimentIdSql}::text`,
    maxAttempts: 1000,
  })
}

/**
 * The same as a value of a run's `ended`/`cancelled` RETURNING list or select list: called only for an experiment's
 * run (`"experimentId"` set), so another run's end pays nothing for it, not even the function call.
 */
export const WAKE_EXPERIMENT_OF_ENDED_RUN = `CASE WHEN "experimentId" IS NOT NULL THEN ${queueExperimentStepExpression('"experimentId"')} END AS "experimentStep"`

/**
 * A query of the running experiments (column `id`) whose step job a dead worker holds: locked for longer than
 * `leaseSql` (an SQL interval) and still the newest job of its key (queuing another clears the key of a locked job),
 * while nobody holds or waits for the experiment's step lock. A live worker's step holds that lock however long it
 * takes (judges can be slow) and a live worker's job behind it waits for it, so neither is queued again; a dead
 * worker's lock went with its connection. Graphile would free the job itself only after four hours.
 */
export function strandedExperimentStepsQuery(leaseSql: string): string {
  return `SELECT e.id FROM graphile_worker.jobs j JOIN "Experiment" e ON e.id = substr(j.key, ${'experiment:'.length + 1})
    WHERE j.task_identifier = '${EXPERIMENT_STEP_TASK}' AND j.key IS NOT NULL AND j.locked_at < now() - ${leaseSql} AND e.status = 'running'
      AND NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.objsubid = 2
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND l.classid = hashtext('${EXPERIMENT_STEP_TASK}')::oid AND l.objid = hashtext(e.id)::oid)`
}
