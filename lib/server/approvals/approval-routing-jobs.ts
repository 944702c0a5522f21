/**
 * The job-queue side of approval routing (approval-routing.ts): the jobs the statement that creates an approval
 * queues (approval-routing-sql.ts) are run here, by the run worker's graphile-worker runner, never in the run's path.
 *
 * - `approval-notify`: posts the approval to the workspace's webhook (what is asked, by what run, a link to the
 *   inbox), or — after an escalation — that it was escalated to the owners. Nothing is sent for an approval answered
 *   or expired by then. A failed post is tried again (graphile-worker's backoff, APPROVAL_NOTIFY_ATTEMPTS in all; a
 *   refusal by the outbound policy is not: it would refuse again); the last failure goes to the workspace's audit log
 *   and the server's log, without the URL. Nothing of it reaches the run.
 * - `approval-escalate`: at created + the workspace's delay, when the approval still waits, records `escalatedAt`,
 *   appends `approval_escalated` to its run's event log (everyone following the run sees it), tells the owners' inbox
 *   streams (their browser notification; approval-inbox-stream.ts) and queues the webhook's escalation message — one
 *   statement.
 */
import type { Task, TaskList } from 'graphile-worker'
import { z } from 'zod'
import type { ApprovalKind } from '@/lib/contracts/approvals'
import type { KnownRunEventType } from '@/lib/contracts/run-events'
import type { AppContext } from '../app-context'
import { recordAudit } from '../audit/audit-log'
import { serverBaseUrl } from '../auth/public-url'
import { pinnedFetch } from '../outbound/pinned-connection'
import { FINAL_EVENT_TYPES, isUniqueViolation, RUN_EVENTS_CHANNEL } from '../runs/events/run-event-log'
import { APPROVAL_INBOX_CHANNEL, inboxNotice } from './approval-broker'
import { openWebhookUrl } from './approval-routing'
import { APPROVAL_ESCALATE_TASK, APPROVAL_NOTIFY_ATTEMPTS, APPROVAL_NOTIFY_TASK, ESCALATED_NOTICE } from './approval-routing-sql'
import { deliverApprovalWebhook, type ApprovalWebhookMessage } from './approval-webhook'

export type ApprovalRoutingJobsApp = Pick<AppContext, 'db' | 'secrets' | 'outbound'>

const DB_NOW = `(now() AT TIME ZONE 'UTC')`

const APPROVAL_ESCALATED_RUN_EVENT: KnownRunEventType = 'approval_escalated'
/** Statements lost to run-event writers in a row before the job gives up (graphile-worker then tries it again later). */
const MAX_ESCALATE_ATTEMPTS = 20

/**
 * The escalation ($1: the approval's id; $2: the final run event types). The event's data is built here from the row:
 * its title was redacted when the approval was made, and it carries nothing else of the run's. Nothing is stored on a
 * run that has ended (its approvals are closed by then, so this is belt and braces).
 */
const ESCALATE_SQL = `WITH escalated AS (
    UPDATE "ApprovalRequest" SET "escalatedAt" = ${DB_NOW}
    WHERE id = $1 AND status = 'pending' AND "expiresAt" > ${DB_NOW} AND "escalatedAt" IS NULL
    RETURNING id, "runId", "ownerId", "workspaceId", kind, title, source, "escalatedAt"),
  recorded AS (
    INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt")
    SELECT e."runId", COALESCE((SELECT MAX(sequence) FROM "RunEvent" WHERE "runId" = e."runId"), 0) + 1, '${APPROVAL_ESCALATED_RUN_EVENT}',
      jsonb_build_object('approvalId', e.id, 'kind', e.kind, 'title', e.title, 'source', e.source,
        'escalatedAt', to_char(e."escalatedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), now()
    FROM escalated e
    WHERE e."runId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "RunEvent" f WHERE f."runId" = e."runId" AND f.type = ANY($2::text[]))
    RETURNING "runId", sequence)
  SELECT id, pg_notify('${APPROVAL_INBOX_CHANNEL}', ${inboxNotice('escalated')} || ' ${ESCALATED_NOTICE} ' || escalated.id),
    (SELECT count(pg_notify('${RUN_EVENTS_CHANNEL}', r."runId" || ':' || r.sequence)) FROM recorded r) AS recorded,
    (SELECT count(j.job) FROM "WorkspaceApprovalRouting" r CROSS JOIN LATERAL (
       SELECT graphile_worker.add_job('${APPROVAL_NOTIFY_TASK}', json_build_object('approvalId', escalated.id, 'escalated', true),
         job_key => 'approval-escalated:' || escalated.id, max_attempts => ${APPROVAL_NOTIFY_ATTEMPTS}) AS job) j
     WHERE r."workspaceId" = escalated."workspaceId" AND r.webhook IS NOT NULL) AS told
  FROM escalated`

const notifyPayload = z.object({ approvalId: z.string().min(1), escalated: z.boolean().optional() })
const escalatePayload = z.object({ approvalId: z.string().min(1) })

interface ApprovalToTell {
  id: string
  kind: ApprovalKind
  title: string
  source: string
  open: boolean
  workspaceId: string
  webhook: string | null
  waitedMinutes: number | null
  workflowName: string | null
  agentName: string | null
}

/** The link people open from the chat: the inbox, at the approval's card. */
export function approvalLink(approvalId: string, base = serverBaseUrl()): string {
  return `${base}/approvals#approval-${approvalId}`
}

export function approvalRoutingTasks(app: ApprovalRoutingJobsApp): TaskList {
  const notify: Task = async (payload, helpers) => {
    const { approvalId, escalated } = notifyPayload.parse(payload)
    const [approval] = await app.db.sql.query<ApprovalToTell>(
      `SELECT a.id, a.kind, a.title, a.source, a.status = 'pending' AND a."expiresAt" > ${DB_NOW} AS open, a."workspaceId", r.webhook,
              round(EXTRACT(EPOCH FROM a."escalatedAt" - a."createdAt") / 60)::int AS "waitedMinutes",
              w.name AS "workflowName", ag.name AS "agentName"
       FROM "ApprovalRequest" a
       JOIN "WorkspaceApprovalRouting" r ON r."workspaceId" = a."workspaceId"
       LEFT JOIN "Run" run ON run.id = a."runId"
       LEFT JOIN "Workflow" w ON w.id = run."workflowId"
       LEFT JOIN "Agent" ag ON ag.id = run."agentId"
       WHERE a.id = $1`,
      [approvalId],
    )
    // Answered or expired meanwhile, or the webhook was removed: nothing to tell.
    if (!approval?.open) return
    const url = openWebhookUrl(app.secrets.box, approval.webhook)
    if (!url) return
    const message: ApprovalWebhookMessage = {
      kind: approval.kind,
      title: approval.title,
      source: approval.source,
      origin: approval.workflowName ? `a run of "${approval.workflowName}"` : approval.agentName ? `a turn of agent "${approval.agentName}"` : undefined,
      link: approvalLink(approval.id),
    }
    if (escalated) {
      message.escalatedAfterMinutes = Math.max(1, approval.waitedMinutes ?? 1)
      message.escalatedTo = await ownerNames(app, approval.workspaceId)
    }
    const delivery = await deliverApprovalWebhook(url, message, pinnedFetch(app.outbound))
    if (delivery.ok) return
    const what = escalated ? 'the escalation of approval' : 'approval'
    if (!delivery.refused && helpers.job.attempts < helpers.job.max_attempts) {
      // Thrown: graphile-worker tries again later. Its log line names the workspace and the reason, never the URL.
      throw new Error(`the webhook of workspace ${approval.workspaceId} was not told of ${what} ${approval.id}: ${delivery.reason}`)
    }
    console.warn(`[approvals] gave up telling the webhook of workspace ${approval.workspaceId} of ${what} ${approval.id}: ${delivery.reason}`)
    await recordAudit(app.db.prisma, {
      actorId: null,
      action: 'workspace.approval_webhook_failed',
      resourceType: 'workspace',
      resourceId: approval.workspaceId,
      details: { approvalId: approval.id, escalation: escalated === true, reason: delivery.reason, attempts: helpers.job.attempts },
      workspaceId: approval.workspaceId,
    })
  }

  const escalate: Task = async (payload) => {
    const { approvalId } = escalatePayload.parse(payload)
    // Still waiting: escalated, its run's `approval_escalated` event stored, the owners' inbox streams told and the
    // webhook's message queued, in one statement, so the event is there exactly when the escalation is (a retried job
    // finds the approval escalated and does nothing). The event takes the run's next number like RunEventLog.append;
    // losing that number to a writer in between rolls the statement back, and it is tried again at once.
    for (let attempt = 1; ; attempt++) {
      try {
        await app.db.sql.query(ESCALATE_SQL, [approvalId, [...FINAL_EVENT_TYPES]])
        return
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= MAX_ESCALATE_ATTEMPTS) throw error
      }
    }
  }

  return { [APPROVAL_NOTIFY_TASK]: notify, [APPROVAL_ESCALATE_TASK]: escalate }
}

async function ownerNames(app: ApprovalRoutingJobsApp, workspaceId: string): Promise<string[]> {
  const owners = await app.db.prisma.workspaceMember.findMany({
    where: { workspaceId, role: 'owner' },
    select: { user: { select: { name: true, email: true } } },
    orderBy: { createdAt: 'asc' },
  })
  // A name, or the address's local part: the channel may hold people who should not learn the owners' addresses.
  return owners.map(({ user }) => user.name.trim() || user.email.split('@')[0]!)
}
