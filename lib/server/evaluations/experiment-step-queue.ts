/**
 * The SQL that queues an experiment's step (experiment-driver.ts), for the statements that have a reason to: the
 * experiment's creation, and the end of any of its rows' runs (the run path's `ended` and cancel statements, which
 * therefore import this module and nothing else of experiments). One job per experiment is queued at a time (job key
 * `experiment:<id>`), and its steps run one at a time (graphile queue `experiment:<id>`): a wake-up that arrives
 * while a step runs waits for it, rather than starting a second step that would start rows on a stale count.
 */

export const EXPERIMENT_STEP_TASK = 'experiment-step'

/** The job key and the graphile queue of the experiment's steps. */
export function experimentStepKey(experimentId: string): string {
  return `experiment:${experimentId}`
}

/**
 * An SQL expression queuing the experiment's step to run now: `experimentIdSql` is an SQL text expression (a
 * parameter such as `$1`, or a column). A step already queued for later (the safety step, experiment-jobs.ts) is
 * brought forward (graphile's `replace` key mode); during a step, the next one is queued behind it.
 */
export function queueExperimentStepExpression(experimentIdSql: string): string {
  return `graphile_worker.add_job('${EXPERIMENT_STEP_TASK}', json_build_object('experimentId', ${experimentIdSql}::text),
    queue_name => 'experiment:' || ${experimentIdSql}::text, job_key => 'experiment:' || ${experimentIdSql}::text, max_attempts => 1000)`
}

/**
 * The same as a value of a run's `ended`/`cancelled` RETURNING list or select list: called only for an experiment's
 * run (`"experimentId"` set), so another run's end pays nothing for it, not even the function call.
 */
export const WAKE_EXPERIMENT_OF_ENDED_RUN = `CASE WHEN "experimentId" IS NOT NULL THEN (${queueExperimentStepExpression('"experimentId"')}).id END AS "experimentStep"`
