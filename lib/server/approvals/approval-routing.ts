/**
 * A workspace's approval routing (issue #30), set by its owners: a Slack-compatible incoming webhook told of every
 * approval the workspace's runs raise (approval-routing-jobs.ts posts them from the job queue), and a delay after
 * which a pending approval is escalated to the owners.
 *
 * The webhook's URL is a secret: sealed at rest (secrets/secret-box.ts, re-sealed by a key rotation), written and
 * never read back — views, the audit log and the test's answer say only that one is configured, and its host. It must
 * be https (http only for a host the installation's outbound allow-list names, e.g. a local chat server) and pass the
 * outbound policy when saved; every post goes through the pinned connection, which checks it again.
 */
import { formatMinutes, type ApprovalRoutingRequest, type ApprovalRoutingView, type ApprovalWebhookTestResult } from '@/lib/contracts/approval-routing'
import type { AppContext } from '../app-context'
import { recordAudit, type AuditDetails } from '../audit/audit-log'
import { canSee, requireRole, type Principal } from '../auth/principal'
import { conflict, invalidInput, notFound } from '../domain-errors'
import { bareHost } from '../outbound/outbound-address-rules'
import { pinnedFetch } from '../outbound/pinned-connection'
import { APPROVAL_TIMEOUT_MS } from './approval-timeout'
import { isSealed, type SecretBox } from '../secrets/secret-box'
import { plain, postToWebhook } from './approval-webhook'

export type ApprovalRoutingApp = Pick<AppContext, 'db' | 'secrets' | 'outbound'>

/** The URL in a routing row's `webhook` column; undefined when it has none. Throws SecretBoxError when it cannot be read. */
export function openWebhookUrl(box: SecretBox, column: string | null): string | undefined {
  if (column === null || !isSealed(column)) return undefined
  const opened = box.open(column) as { url?: unknown } | null
  return typeof opened?.url === 'string' && opened.url !== '' ? opened.url : undefined
}

export function sealWebhookUrl(box: SecretBox, url: string): string {
  return box.seal({ url })
}

type RoutingRow = { workspaceId: string; webhook: string | null; webhookHost: string | null; escalationMinutes: number | null; updatedAt: Date }

function present(workspaceId: string, row: RoutingRow | null, approvalTimeoutMs: number): ApprovalRoutingView {
  return {
    workspaceId,
    webhookConfigured: row?.webhook != null,
    webhookHost: row?.webhook != null ? row.webhookHost : null,
    escalationMinutes: row?.escalationMinutes ?? null,
    approvalTimeoutMinutes: approvalTimeoutMs / 60_000,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  }
}

export class ApprovalRoutingService {
  constructor(
    private readonly app: ApprovalRoutingApp,
    /** How long an approval waits before it expires: an escalation delay as long never fires. */
    private readonly approvalTimeoutMs: number = APPROVAL_TIMEOUT_MS,
  ) {}

  async get(principal: Principal, workspaceId: string): Promise<ApprovalRoutingView> {
    await this.requireOwner(principal, workspaceId)
    return present(workspaceId, await this.app.db.prisma.workspaceApprovalRouting.findUnique({ where: { workspaceId } }), this.approvalTimeoutMs)
  }

  async update(principal: Principal, workspaceId: string, change: ApprovalRoutingRequest): Promise<ApprovalRoutingView> {
    await this.requireOwner(principal, workspaceId)
    const data: { webhook?: string | null; webhookHost?: string | null; escalationMinutes?: number | null } = {}
    // What the audit entry says: never the URL, only what was done with it and its host.
    const details: AuditDetails = {}
    if (change.webhookUrl === null) {
      data.webhook = null
      data.webhookHost = null
      details.webhook = 'removed'
    } else if (change.webhookUrl !== undefined) {
      const host = await this.checkedWebhookHost(change.webhookUrl)
      data.webhook = sealWebhookUrl(this.app.secrets.box, change.webhookUrl)
      data.webhookHost = host
      details.webhook = 'set'
      details.webhookHost = host
    }
    if (change.escalationMinutes !== undefined) {
      this.refuseEscalationAfterExpiry(change.escalationMinutes)
      data.escalationMinutes = change.escalationMinutes
      details.escalationMinutes = change.escalationMinutes
    }
    const row = await this.app.db.prisma.$transaction(async (tx) => {
      const saved = await tx.workspaceApprovalRouting.upsert({ where: { workspaceId }, create: { workspaceId, ...data }, update: data })
      await recordAudit(tx, {
        actorId: principal.userId,
        action: 'workspace.approval_routing_change',
        resourceType: 'workspace',
        resourceId: workspaceId,
        details,
        workspaceId,
      })
      return saved
    })
    return present(workspaceId, row, this.approvalTimeoutMs)
  }

  /** An approval expires before a delay as long as its timeout: such an escalation would never be sent. */
  private refuseEscalationAfterExpiry(minutes: number | null): void {
    const timeoutMinutes = this.approvalTimeoutMs / 60_000
    if (minutes === null || minutes < timeoutMinutes) return
    throw invalidInput(
      'escalation_after_expiry',
      `Approvals on this server expire after ${formatMinutes(timeoutMinutes)}, so an escalation after ${formatMinutes(minutes)} would never be sent: choose a shorter delay.`,
      { approvalTimeoutMinutes: timeoutMinutes },
    )
  }

  /** Posts a test message to the saved webhook, and says what happened (never what the remote said). */
  async test(principal: Principal, workspaceId: string): Promise<ApprovalWebhookTestResult> {
    const workspace = await this.requireOwner(principal, workspaceId)
    const row = await this.app.db.prisma.workspaceApprovalRouting.findUnique({ where: { workspaceId } })
    const url = row ? openWebhookUrl(this.app.secrets.box, row.webhook) : undefined
    if (!url) throw conflict('no_approval_webhook', 'This workspace has no approval webhook: save one first.')
    const who = principal.name.trim() || principal.email
    const text = plain(`Test message from Agentloom, sent by ${who}: approvals of workspace "${workspace.name}" will be told here.`)
    const delivery = await postToWebhook(url, { text }, pinnedFetch(this.app.outbound))
    const result: ApprovalWebhookTestResult = delivery.ok
      ? { outcome: 'delivered', message: `The webhook at ${row!.webhookHost} took the test message.`, remoteStatus: null }
      : { outcome: delivery.refused ? 'refused' : 'failed', message: delivery.reason, remoteStatus: delivery.status ?? null }
    await recordAudit(this.app.db.prisma, {
      actorId: principal.userId,
      action: 'workspace.approval_webhook_test',
      resourceType: 'workspace',
      resourceId: workspaceId,
      details: { outcome: result.outcome, message: result.message },
      workspaceId,
    })
    return result
  }

  /**
   * The host of a webhook URL an owner saves, once it passes: https (http only for a host or address the outbound
   * allow-list names), and the outbound policy (a name that does not resolve now passes: posting checks again).
   */
  private async checkedWebhookHost(raw: string): Promise<string> {
    const url = new URL(raw)
    const host = bareHost(url.hostname)
    const allowListed = this.app.outbound.allow.allowsHost(host) || this.app.outbound.allow.allowsAddress(host)
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowListed)) {
      throw invalidInput(
        'invalid_request',
        url.protocol === 'http:'
          ? `The webhook URL must use https (http only for a host the installation's outbound allow-list names, which ${host} is not).`
          : 'The webhook URL must use https.',
      )
    }
    const refusal = await this.app.outbound.refusalOf(url)
    if (refusal) throw invalidInput('outbound_address_refused', `The webhook URL is ${refusal.message}.`)
    return host
  }

  /** 404 for a workspace the caller is not in (admins: any that exists), 403 below owner. */
  private async requireOwner(principal: Principal, workspaceId: string): Promise<{ name: string }> {
    const row = canSee(principal, workspaceId) ? await this.app.db.prisma.workspace.findUnique({ where: { id: workspaceId }, select: { name: true } }) : null
    if (!row) throw notFound('Workspace', workspaceId)
    requireRole(principal, workspaceId, 'owner')
    return row
  }
}
