/**
 * Personal API tokens: `al_` + 32 random bytes (base64url). Shown once when created; only the
 * SHA-256 is stored. A token acts with its user's rights and stops working when revoked or when
 * its user is disabled.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { ApiTokenView } from '@/lib/contracts/accounts'
import type { Prisma } from '../db/database'
import type { SqlRunner } from '../db/sql'
import type { WorkspaceRole } from '@/lib/contracts/workspace-roles'
import { isAdmin, toRole, type Principal, type WorkspaceMembership } from './principal'
import { limitToWorkspace, MEMBERSHIPS_COLUMN } from './memberships'
import { recordAudit } from '../audit/audit-log'
import type { RowChangeWatch } from '../db/row-change-watch'
import { WatchedCache } from '../db/watched-cache'

export const API_TOKEN_PREFIX = 'al_'
const TOKEN_PATTERN = /^al_[A-Za-z0-9_-]{43}$/
/** lastUsedAt is written at most this often per token, so busy scripts do not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

type TokenRow = { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; workspaceId: string | null; role: WorkspaceRole | null }

function present(row: TokenRow): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    workspaceId: row.workspaceId,
    role: row.role,
  }
}

/** A token's limit: one workspace, and at most a role there (the caller's own role when none is named). */
export interface ApiTokenLimit {
  workspaceId: string
  role?: WorkspaceRole
}

export class ApiTokenService {
  /** By token hash: the principal each live token stands for, as last read (every API call asks). */
  private readonly principals: WatchedCache<Principal | null> | undefined

  constructor(
    private readonly prisma: Prisma,
    private readonly sql: Pick<SqlRunner, 'query'>,
    watch?: Pick<RowChangeWatch, 'generation'>,
    /** Default KEPT_MAX_AGE_MS, below LAST_USED_RESOLUTION_MS: a token in use still has its lastUsedAt noted about once a minute. */
    { principalMaxAgeMs }: { principalMaxAgeMs?: number } = {},
  ) {
    this.principals = watch && new WatchedCache(watch, 'principals', { maxAgeMs: principalMaxAgeMs })
  }

  /** Creates a token; the returned `token` is the only time it is seen. */
  async create(userId: string, name: string, limit?: ApiTokenLimit): Promise<{ token: string; apiToken: ApiTokenView }> {
    const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url')
    // A token is a credential: its making is a security event (ASVS 7.2), recorded with the row it made.
    const row = await this.prisma.$transaction(async (tx) => {
      const created = await tx.apiToken.create({
        data: { userId, name, tokenHash: hashApiToken(token), prefix: token.slice(0, 8), workspaceId: limit?.workspaceId, role: limit?.role },
      })
      await recordAudit(tx, {
        actorId: userId,
        action: 'api_token.create',
        resourceType: 'api_token',
        resourceId: created.id,
        details: { name, prefix: created.prefix, ...(limit ? { workspaceId: limit.workspaceId, role: limit.role ?? null } : {}) },
        workspaceId: limit?.workspaceId,
      })
      return created
    })
    return { token, apiToken: present(row) }
  }

  async list(userId: string): Promise<ApiTokenView[]> {
    const rows = await this.prisma.apiToken.findMany({ where: { userId, revokedAt: null }, orderBy: { createdAt: 'desc' } })
    return rows.map(present)
  }

  /** Revokes one of the user's tokens; false when they have no such live token. */
  async revoke(userId: string, id: string): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.apiToken.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: new Date() } })
      if (count > 0) await recordAudit(tx, { actorId: userId, action: 'api_token.revoke', resourceType: 'api_token', resourceId: id })
      return count > 0
    })
  }

  /**
   * The principal a bearer token stands for, or null for an unknown, revoked or disabled one. Every API call asks
   * this: the answer is kept in this process until a change to what it is made of is announced (a revoke, the user's
   * standing, their memberships, a workspace's name: migration row_changes), and read again at most every
   * KEPT_MAX_AGE_MS (watched-cache.ts). An unknown token is read every time.
   */
  authenticate(token: string): Promise<Principal | null> {
    if (!TOKEN_PATTERN.test(token)) return Promise.resolve(null)
    const hash = hashApiToken(token)
    return this.principals ? this.principals.get(hash, () => this.principalOf(hash)) : this.principalOf(hash)
  }

  /** One plain statement, which also notes the use (at most once a minute per token) and reads the user's workspace memberships. */
  private async principalOf(tokenHash: string): Promise<Principal | null> {
    const [row] = await this.sql.query<{
      userId: string
      email: string
      name: string
      role: string
      personalWorkspaceId: string | null
      memberships: WorkspaceMembership[]
      limitWorkspaceId: string | null
      limitWorkspaceName: string | null
      limitRole: WorkspaceRole | null
    }>(
      `WITH token AS (
         SELECT t.id, t."lastUsedAt" FROM "ApiToken" t WHERE t."tokenHash" = $1 AND t."revokedAt" IS NULL),
       used AS (
         UPDATE "ApiToken" SET "lastUsedAt" = now() FROM token
         WHERE "ApiToken".id = token.id AND (token."lastUsedAt" IS NULL OR token."lastUsedAt" < now() - make_interval(secs => $2)))
       SELECT u.id AS "userId", u.email, u.name, u.role, u."personalWorkspaceId", ${MEMBERSHIPS_COLUMN} AS memberships,
         t."workspaceId" AS "limitWorkspaceId", lw.name AS "limitWorkspaceName", t.role AS "limitRole"
       FROM token JOIN "ApiToken" t ON t.id = token.id JOIN "User" u ON u.id = t."userId" LEFT JOIN "Workspace" lw ON lw.id = t."workspaceId"
       WHERE u.banned IS NOT TRUE`,
      [tokenHash, LAST_USED_RESOLUTION_MS / 1000],
    )
    if (!row) return null
    const role = toRole(row.role)
    const access = { personalWorkspaceId: row.personalWorkspaceId, memberships: row.memberships }
    if (row.limitWorkspaceId === null) return { userId: row.userId, email: row.email, name: row.name, role, via: 'token', ...access }
    const limit = { workspaceId: row.limitWorkspaceId, workspaceName: row.limitWorkspaceName ?? '', role: row.limitRole }
    // A limited token is never an admin's everywhere: it acts within its workspace only.
    return { userId: row.userId, email: row.email, name: row.name, role: 'member', via: 'token', ...limitToWorkspace(access, limit, isAdmin({ role })) }
  }
}
