/**
 * Read-only share links to a run. The token (32 random bytes, base64url) is shown to its creator
 * once; only its SHA-256 is stored, so a database leak does not leak working links. A link can
 * expire and can be revoked; an unknown, expired or revoked token is simply "not found".
 * Only who may see the run (its owner, an admin) creates, lists and revokes its links; the owner
 * chooses whether a link shows the agents' instructions (off by default).
 */
import { randomBytes } from 'node:crypto'
import type { RunEvent } from '@/lib/contracts/run-events'
import type { CreatedShareLink, SharedRun, ShareLinkView } from '@/lib/contracts/share-links'
import type { AppContext } from '../app-context'
import type { WorkspaceRole } from '@/lib/contracts/workspace-roles'
import { requireRole, visibleTo, type Principal } from '../auth/principal'
import { notFound } from '../domain-errors'
import { RunService } from '../runs/run-service'
import { sanitizeEvent, sanitizeRunView } from './sanitize'
import { hashShareToken, isLiveShareLink } from './share-token'

type ShareLinkRow = {
  id: string
  runId: string
  includeInstructions: boolean
  frameOrigins: string[]
  createdAt: Date
  expiresAt: Date | null
  revokedAt: Date | null
}

function present(row: ShareLinkRow): ShareLinkView {
  return {
    id: row.id,
    runId: row.runId,
    includeInstructions: row.includeInstructions,
    frameOrigins: row.frameOrigins,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }
}

export class ShareLinkService {
  constructor(private readonly app: AppContext) {}

  async create(
    principal: Principal,
    runId: string,
    options: { expiresInHours?: number; includeInstructions?: boolean; frameOrigins?: string[] },
  ): Promise<CreatedShareLink> {
    const workspaceId = await this.requireRun(principal, runId, 'editor')
    const token = randomBytes(32).toString('base64url')
    const row = await this.app.db.prisma.shareLink.create({
      data: {
        runId,
        ownerId: principal.userId,
        workspaceId,
        includeInstructions: options.includeInstructions ?? false,
        frameOrigins: [...new Set(options.frameOrigins ?? [])],
        tokenHash: hashShareToken(token),
        expiresAt: options.expiresInHours ? new Date(Date.now() + options.expiresInHours * 3_600_000) : null,
      },
    })
    return { shareLink: present(row), token, url: `/share/${token}` }
  }

  async list(principal: Principal, runId: string): Promise<ShareLinkView[]> {
    await this.requireRun(principal, runId)
    const rows = await this.app.db.prisma.shareLink.findMany({ where: { runId }, orderBy: { createdAt: 'desc' } })
    return rows.map(present)
  }

  /** Revokes a link of a run the principal may see (404 otherwise, like an unknown link). */
  async revoke(principal: Principal, id: string): Promise<ShareLinkView> {
    const row = await this.app.db.prisma.shareLink.findFirst({ where: { id, run: visibleTo(principal) }, include: { run: { select: { workspaceId: true } } } })
    if (!row) throw notFound('Share link', id)
    requireRole(principal, row.run.workspaceId, 'editor')
    if (row.revokedAt) return present(row)
    return present(await this.app.db.prisma.shareLink.update({ where: { id }, data: { revokedAt: new Date() } }))
  }

  /**
   * The run behind a live token, stripped of anything secret (404 otherwise), with its events after
   * `afterSequence` (all of them by default): a shared page polls with the last sequence it has, so
   * each poll carries only what is new.
   */
  async resolve(token: string, afterSequence = 0): Promise<SharedRun> {
    const row = await this.app.db.prisma.shareLink.findUnique({ where: { tokenHash: hashShareToken(token) } })
    if (!row || !isLiveShareLink(row)) throw notFound('Shared run')
    const view = await new RunService(this.app).getShared(row.runId)
    const options = { includeInstructions: row.includeInstructions }
    const events: RunEvent[] = []
    for (let after = afterSequence; ;) {
      const page = await this.app.events.listAfter(row.runId, after, 1000)
      events.push(...page.map((event) => sanitizeEvent(event, options)))
      if (page.length < 1000) break
      after = page[page.length - 1].sequence
    }
    // Stored data was redacted when written; this also catches secrets configured since, with the run's own secrets only.
    return (await this.app.secretScopes.forRun(row.runId)).redactValue({ ...sanitizeRunView(view, options), events })
  }

  /** Links belong to the run: whoever may see it sees them; editors of its workspace (and admins) make and revoke them. */
  private async requireRun(principal: Principal, runId: string, role: WorkspaceRole = 'viewer'): Promise<string | null> {
    const run = await this.app.db.prisma.run.findFirst({ where: { id: runId, ...visibleTo(principal) }, select: { id: true, workspaceId: true } })
    if (!run) throw notFound('Run', runId)
    requireRole(principal, run.workspaceId, role)
    return run.workspaceId
  }
}
