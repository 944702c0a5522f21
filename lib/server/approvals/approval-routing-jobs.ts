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
 *   tells the owners' inbox streams (their browser notification; approval-inbox-stream.ts) and queues the webhook's
 *   escalation message — one statement.
 */
import type { Task, TaskList } from 'graphile-worker'
import { z } from 'zod'
import type { ApprovalKind } from '@/lib/contracts/approvals'
import type { AppContext } from '../app-context'
import { recordAudit } from '../audit/audit-log'
import { serverBaseUrl } from '../auth/public-url'
import { pinnedFetch } from '../outbound/pinned-connection'
import { APPROVAL_INBOX_CHANNEL, inboxNotice } from './approval-broker'
import { openWebhookUrl } from './approval-routing'
import { APPROVAL_ESCALATE_TASK, APPROVAL_NOTIFY_ATTEMPTS, APPROVAL_NOTIFY_TASK, ESCALATED_NOTICE } from './approval-routing-sql'
import { deliverApprovalWebhook, type ApprovalWebhookMessage } from './approval-webhook'

export type ApprovalRoutingJobsApp = Pick<AppContext, 'db' | 'secrets' | 'outbound'>

const DB_NOW = `(now() AT TIME ZONE 'UTC')`

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
    // Still waiting: escalated, the owners' inbox streams told, and the webhook's message queued, in one statement.
    await app.db.sql.query(
      `WITH escalated AS (
         UPDATE "ApprovalRequest" SET "escalatedAt" = ${DB_NOW}
         WHERE id = $1 AND status = 'pending' AND "expiresAt" > ${DB_NOW} AND "escalatedAt" IS NULL
         RETURNING id, "ownerId", "workspaceId")
       SELECT id, pg_notify('${APPROVAL_INBOX_CHANNEL}', ${inboxNotice('escalated')} || ' ${ESCALATED_NOTICE} ' || escalated.id),
         (SELECT count(j.job) FROM "WorkspaceApprovalRouting" r CROSS JOIN LATERAL (
            SELECT graphile_worker.add_job('${APPROVAL_NOTIFY_TASK}', json_build_object('approvalId', escalated.id, 'escalated', true),
              job_key => 'approval-escalated:' || escalated.id, max_attempts => ${APPROVAL_NOTIFY_ATTEMPTS}) AS job) j
          WHERE r."workspaceId" = escalated."workspaceId" AND r.webhook IS NOT NULL) AS told
       FROM escalated`,
      [approvalId],
    )
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
