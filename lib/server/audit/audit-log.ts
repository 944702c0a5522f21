/**
 * The audit log: who changed what, when, and from what to what. Admins read it; nobody edits it.
 * Entries carry configuration (commands, URLs, key names) but never a secret value: callers
 * describe secrets by key name only, and URLs with their query values masked.
 */
import type { AuditPageView } from '@/lib/contracts/accounts'
import type { Prisma } from '../db/database'

/** JSON that Prisma stores as-is. */
export type AuditDetails = { [key: string]: AuditValue }
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue }

export interface AuditEntryInput {
  /** The user who acted; null for the system (e.g. a command-line action with no user). */
  actorId: string | null
  /** `<resource>.<verb>`, e.g. `mcp_server.create`, `mcp_server.update`, `user.role_change`. */
  action: string
  resourceType: string
  resourceId: string
  details?: AuditDetails
  /** The workspace of what changed, when it has one: that workspace's owners read the entry too. */
  workspaceId?: string | null
}

/** Anything with an auditLog delegate: the client itself or a transaction. */
type AuditWriter = Pick<Prisma, 'auditLog'>

export async function recordAudit(prisma: AuditWriter, entry: AuditEntryInput): Promise<void> {
  await prisma.auditLog.create({
    data: {
      actorId: entry.actorId,
      action: entry.action,
      resourceType: entry.resourceType,
      resourceId: entry.resourceId,
      details: entry.details ?? {},
      workspaceId: entry.workspaceId ?? null,
    },
  })
}

export const MAX_AUDIT_PAGE = 200
export const DEFAULT_AUDIT_PAGE = 50

export interface AuditQuery {
  /** 1..MAX_AUDIT_PAGE; default DEFAULT_AUDIT_PAGE. */
  limit?: number
  /** Only entries older than this one (the previous page's last id): newest first, stable paging. */
  before?: string
  resourceType?: string
  resourceId?: string
  /** One workspace's entries only (its owners' view). */
  workspaceId?: string
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_AUDIT_PAGE
  return Math.min(Math.max(Math.trunc(limit), 1), MAX_AUDIT_PAGE)
}

/** Newest first. `before` names an entry id; an unknown id gives an empty page rather than everything. */
export async function listAuditEntries(prisma: Prisma, query: AuditQuery = {}): Promise<AuditPageView> {
  const limit = clampLimit(query.limit)
  const filter = {
    ...(query.resourceType === undefined ? {} : { resourceType: query.resourceType }),
    ...(query.resourceId === undefined ? {} : { resourceId: query.resourceId }),
    ...(query.workspaceId === undefined ? {} : { workspaceId: query.workspaceId }),
  }
  let olderThan = {}
  if (query.before !== undefined) {
    const anchor = await prisma.auditLog.findUnique({ where: { id: query.before }, select: { id: true, createdAt: true } })
    if (!anchor) return { entries: [], nextBefore: null }
    // Same timestamp: order by id as the tie-break, the same order the page is sorted in.
    olderThan = { OR: [{ createdAt: { lt: anchor.createdAt } }, { createdAt: anchor.createdAt, id: { lt: anchor.id } }] }
  }
  const rows = await prisma.auditLog.findMany({
    where: { ...filter, ...olderThan },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  })
  const page = rows.slice(0, limit)
  const actorIds = [...new Set(page.map((row) => row.actorId).filter((id): id is string => id !== null))]
  const actors = actorIds.length ? await prisma.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, email: true, name: true } }) : []
  const actorById = new Map(actors.map((actor) => [actor.id, { email: actor.email, name: actor.name }]))
  return {
    entries: page.map((row) => ({
      id: row.id,
      actorId: row.actorId,
      actor: row.actorId === null ? null : (actorById.get(row.actorId) ?? null),
      action: row.action,
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      details: (row.details ?? {}) as AuditDetails,
      workspaceId: row.workspaceId,
      createdAt: row.createdAt.toISOString(),
    })),
    nextBefore: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  }
}
