/**
 * A workflow's webhooks (issue #32): list, make, change (rename, disable, rate limit), rotate the secret, delete.
 * Editors of the workflow's workspace manage them, viewers see them. The signing secret is sealed at rest and shown
 * once, when made or rotated; it never reaches a view. Calls are received by webhook-receiver.ts.
 */
import type { CreateWebhookBody, UpdateWebhookBody, WebhookView } from '@/lib/contracts/triggers'
import type { AppContext } from '../app-context'
import type { Principal } from '../auth/principal'
import { notFound } from '../domain-errors'
import { newWebhookSecret } from './webhook-signature'
import { triggerWorkflow } from './trigger-workflow'

type WebhookRow = { id: string; workflowId: string; name: string; enabled: boolean; rateLimitPerMinute: number; lastCalledAt: Date | null; createdAt: Date }

export function webhookPath(id: string): string {
  return `/api/hooks/${id}`
}

export function presentWebhook(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    workflowId: row.workflowId,
    name: row.name,
    path: webhookPath(row.id),
    enabled: row.enabled,
    rateLimitPerMinute: row.rateLimitPerMinute,
    lastCalledAt: row.lastCalledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

const VIEW_COLUMNS = { id: true, workflowId: true, name: true, enabled: true, rateLimitPerMinute: true, lastCalledAt: true, createdAt: true } as const

export class WebhookService {
  constructor(private readonly app: AppContext) {}

  private get prisma() {
    return this.app.db.prisma
  }

  async list(principal: Principal, workflowId: string): Promise<WebhookView[]> {
    await triggerWorkflow(this.app, principal, workflowId, 'viewer')
    const rows = await this.prisma.workflowWebhook.findMany({ where: { workflowId }, orderBy: { createdAt: 'asc' }, select: VIEW_COLUMNS })
    return rows.map(presentWebhook)
  }

  async create(principal: Principal, workflowId: string, body: CreateWebhookBody): Promise<{ webhook: WebhookView; secret: string }> {
    await triggerWorkflow(this.app, principal, workflowId, 'editor')
    const secret = newWebhookSecret()
    const row = await this.prisma.workflowWebhook.create({
      data: { ...body, workflowId, ownerId: principal.userId, secret: this.app.secrets.box.seal(secret) },
      select: VIEW_COLUMNS,
    })
    return { webhook: presentWebhook(row), secret }
  }

  async update(principal: Principal, workflowId: string, hookId: string, body: UpdateWebhookBody): Promise<WebhookView> {
    await this.find(principal, workflowId, hookId, 'editor')
    return presentWebhook(await this.prisma.workflowWebhook.update({ where: { id: hookId }, data: body, select: VIEW_COLUMNS }))
  }

  /** A new secret, shown this once; the old one stops working at once (signatures seen are forgotten with it). */
  async rotate(principal: Principal, workflowId: string, hookId: string): Promise<{ webhook: WebhookView; secret: string }> {
    await this.find(principal, workflowId, hookId, 'editor')
    const secret = newWebhookSecret()
    const row = await this.prisma.workflowWebhook.update({ where: { id: hookId }, data: { secret: this.app.secrets.box.seal(secret) }, select: VIEW_COLUMNS })
    return { webhook: presentWebhook(row), secret }
  }

  async remove(principal: Principal, workflowId: string, hookId: string): Promise<void> {
    await this.find(principal, workflowId, hookId, 'editor')
    await this.prisma.workflowWebhook.delete({ where: { id: hookId } })
  }

  async get(principal: Principal, workflowId: string, hookId: string): Promise<WebhookView> {
    return presentWebhook(await this.find(principal, workflowId, hookId, 'viewer'))
  }

  private async find(principal: Principal, workflowId: string, hookId: string, role: 'viewer' | 'editor'): Promise<WebhookRow> {
    await triggerWorkflow(this.app, principal, workflowId, role)
    const row = await this.prisma.workflowWebhook.findFirst({ where: { id: hookId, workflowId }, select: VIEW_COLUMNS })
    if (!row) throw notFound('Webhook', hookId)
    return row
  }
}
