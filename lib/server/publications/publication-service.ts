/**
 * Publications of agents and workflows (issue #32): opt-in links that let people without an account chat with a
 * saved agent, on `/chat/<token>` or through the embeddable widget, or fill in a workflow's form on `/form/<token>`.
 * The token (32 random bytes, base64url) is shown to its creator once; only its SHA-256 is stored. Editors of the
 * agent's or workflow's workspace publish, change and revoke; its viewers list them, with what they used today.
 * Others get the 404 of a missing agent or workflow.
 */
import { randomBytes } from 'node:crypto'
import type { CreatedPublication, CreatePublicationRequest, PublicationView, UpdatePublicationRequest } from '@/lib/contracts/publications'
import type { AppContext } from '../app-context'
import { requireRole, visibleTo, type Principal } from '../auth/principal'
import { invalidInput, notFound } from '../domain-errors'
import { visibleWorkflows } from '../workflows/workflow-service'
import { hashPublicationToken } from './publication-token'
import { NO_USAGE, publicationUsageToday, type PublicationUsage } from './publication-usage'

/** What is published: a saved agent (a chat) or a workflow (a form). */
export type PublicationTarget = { kind: 'agent'; id: string } | { kind: 'workflow'; id: string }

type PublicationRow = {
  id: string
  agentId: string | null
  workflowId: string | null
  rateLimitPerMinute: number
  dailyTokenBudget: number
  allowedOrigins: string[]
  createdAt: Date
  expiresAt: Date | null
  revokedAt: Date | null
}

function present(row: PublicationRow, usage: PublicationUsage): PublicationView {
  return {
    id: row.id,
    agentId: row.agentId,
    workflowId: row.workflowId,
    rateLimitPerMinute: row.rateLimitPerMinute,
    dailyTokenBudget: row.dailyTokenBudget,
    allowedOrigins: row.allowedOrigins,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    tokensToday: usage.tokens,
    conversationsToday: usage.conversations,
    runsToday: usage.runs,
  }
}

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000)

export class PublicationService {
  constructor(private readonly app: AppContext) {}

  private get prisma() {
    return this.app.db.prisma
  }

  async create(principal: Principal, target: PublicationTarget, options: CreatePublicationRequest): Promise<CreatedPublication> {
    const { workspaceId } = await this.requireTarget(principal, target, 'editor')
    const token = randomBytes(32).toString('base64url')
    const row = await this.prisma.publication.create({
      data: {
        ...(target.kind === 'agent' ? { agentId: target.id } : { workflowId: target.id }),
        workspaceId,
        ownerId: principal.userId,
        tokenHash: hashPublicationToken(token),
        rateLimitPerMinute: options.rateLimitPerMinute ?? 20,
        dailyTokenBudget: options.dailyTokenBudget ?? 100_000,
        allowedOrigins: [...new Set(options.allowedOrigins ?? [])],
        expiresAt: options.expiresInHours ? hoursFromNow(options.expiresInHours) : null,
      },
    })
    return { publication: present(row, NO_USAGE), token, url: target.kind === 'agent' ? `/chat/${token}` : `/form/${token}` }
  }

  async list(principal: Principal, target: PublicationTarget): Promise<PublicationView[]> {
    await this.requireTarget(principal, target, 'viewer')
    const rows = await this.prisma.publication.findMany({
      where: target.kind === 'agent' ? { agentId: target.id } : { workflowId: target.id },
      orderBy: { createdAt: 'desc' },
    })
    const usage = await publicationUsageToday(
      this.app,
      rows.map((row) => row.id),
    )
    return rows.map((row) => present(row, usage.get(row.id) ?? NO_USAGE))
  }

  async update(principal: Principal, id: string, changes: UpdatePublicationRequest): Promise<PublicationView> {
    const current = await this.requirePublication(principal, id)
    if (current.workflowId !== null && changes.allowedOrigins !== undefined)
      throw invalidInput('invalid_request', "A workflow's form is never embedded in another site: it has no allowed origins.", { field: 'allowedOrigins' })
    const row = await this.prisma.publication.update({
      where: { id },
      data: {
        ...(changes.rateLimitPerMinute === undefined ? {} : { rateLimitPerMinute: changes.rateLimitPerMinute }),
        ...(changes.dailyTokenBudget === undefined ? {} : { dailyTokenBudget: changes.dailyTokenBudget }),
        ...(changes.allowedOrigins === undefined ? {} : { allowedOrigins: [...new Set(changes.allowedOrigins)] }),
        ...(changes.expiresInHours === undefined ? {} : { expiresAt: changes.expiresInHours === null ? null : hoursFromNow(changes.expiresInHours) }),
      },
    })
    return this.withUsage(row)
  }

  /** Revokes it: its link and widget stop at once; the conversations visitors had stay, for the workspace to read. */
  async revoke(principal: Principal, id: string): Promise<PublicationView> {
    const row = await this.requirePublication(principal, id)
    if (row.revokedAt) return this.withUsage(row)
    return this.withUsage(await this.prisma.publication.update({ where: { id }, data: { revokedAt: new Date() } }))
  }

  private async withUsage(row: PublicationRow): Promise<PublicationView> {
    const usage = await publicationUsageToday(this.app, [row.id])
    return present(row, usage.get(row.id) ?? NO_USAGE)
  }

  private async requireTarget(principal: Principal, target: PublicationTarget, role: 'viewer' | 'editor'): Promise<{ workspaceId: string | null }> {
    const found =
      target.kind === 'agent'
        ? await this.prisma.agent.findFirst({ where: { id: target.id, ...visibleTo(principal) }, select: { workspaceId: true } })
        : await this.prisma.workflow.findFirst({ where: { id: target.id, ...visibleWorkflows(principal) }, select: { workspaceId: true } })
    if (!found) throw notFound(target.kind === 'agent' ? 'Agent' : 'Workflow', target.id)
    requireRole(principal, found.workspaceId, role)
    return found
  }

  private async requirePublication(principal: Principal, id: string): Promise<PublicationRow> {
    const row = await this.prisma.publication.findFirst({ where: { id, ...visibleTo(principal) } })
    if (!row) throw notFound('Publication', id)
    requireRole(principal, row.workspaceId, 'editor')
    return row
  }
}
