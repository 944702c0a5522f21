/**
 * The SQL that hands a new approval to its workspace's routing (approval-routing-jobs.ts), inside the statement that
 * creates it: a run that asks a person costs no statement more for it, and one in a workspace without routing
 * queues nothing. Two jobs, each only when the workspace asks for it:
 * - `approval-notify` at once, when the workspace has a webhook;
 * - `approval-escalate` at created + the escalation delay, when the workspace sets one and the approval would still be
 *   open then (one that expires first is never escalated).
 */

export const APPROVAL_NOTIFY_TASK = 'approval-notify'
export const APPROVAL_ESCALATE_TASK = 'approval-escalate'
/** The word an inbox notice carries after `<starter> <workspace>` when the approval (its id follows) was escalated. */
export const ESCALATED_NOTICE = 'escalated'
/** A delivery that fails is tried this many times in all (graphile-worker's backoff between tries). */
export const APPROVAL_NOTIFY_ATTEMPTS = 5

/**
 * A scalar SQL expression (the number of jobs queued) for the approval row `alias` (with its id, workspaceId,
 * createdAt and expiresAt), to be put in the SELECT list of the statement that creates it: a CTE nobody reads
 * would not run.
 */
export function routeApprovalJobs(alias: string): string {
  const delay = `r."escalationMinutes" * interval '1 minute'`
  return `(SELECT count(j.job) FROM "WorkspaceApprovalRouting" r CROSS JOIN LATERAL (
      SELECT graphile_worker.add_job('${APPROVAL_NOTIFY_TASK}', json_build_object('approvalId', ${alias}.id),
        job_key => 'approval-notify:' || ${alias}.id, max_attempts => ${APPROVAL_NOTIFY_ATTEMPTS}) AS job
      WHERE r.webhook IS NOT NULL
      UNION ALL
      SELECT graphile_worker.add_job('${APPROVAL_ESCALATE_TASK}', json_build_object('approvalId', ${alias}.id),
        job_key => 'approval-escalate:' || ${alias}.id, run_at => now() + ${delay}, max_attempts => ${APPROVAL_NOTIFY_ATTEMPTS}) AS job
      WHERE r."escalationMinutes" IS NOT NULL AND ${alias}."expiresAt" > ${alias}."createdAt" + ${delay}
    ) j WHERE r."workspaceId" = ${alias}."workspaceId")`
}
