/**
 * A person's workspace memberships, read with their credential so that a request knows what its caller may see
 * without another round trip: the API token lookup selects them in its one statement (`MEMBERSHIPS_COLUMN`), a
 * browser session in one statement after Better Auth's own lookup.
 */
import { lesserRole, type WorkspaceRole } from '@/lib/contracts/workspace-roles'
import type { SqlRunner } from '../db/sql'
import type { Principal, WorkspaceMembership } from './principal'

/** A column of the user `u`'s memberships as JSON, oldest workspace first (the personal one, as a rule). */
export const MEMBERSHIPS_COLUMN = `(SELECT COALESCE(json_agg(json_build_object('workspaceId', m."workspaceId", 'workspaceName', w.name, 'role', m.role,
     'approver', m.approver) ORDER BY w."createdAt", w.id), '[]'::json)
   FROM "WorkspaceMember" m JOIN "Workspace" w ON w.id = m."workspaceId" WHERE m."userId" = u.id)`

export type WorkspaceAccess = Pick<Principal, 'personalWorkspaceId' | 'memberships'>

export async function loadWorkspaceAccess(sql: Pick<SqlRunner, 'query'>, userId: string): Promise<WorkspaceAccess> {
  const [row] = await sql.query<{ personalWorkspaceId: string | null; memberships: WorkspaceMembership[] }>(
    `SELECT u."personalWorkspaceId", ${MEMBERSHIPS_COLUMN} AS memberships FROM "User" u WHERE u.id = $1`,
    [userId],
  )
  return { personalWorkspaceId: row?.personalWorkspaceId ?? null, memberships: row?.memberships ?? [] }
}

/**
 * What a token limited to one workspace (and at most `role` there) may use: that membership alone, its role capped.
 * An admin's limited token acts as a member there (as its owner when not one), not as an admin everywhere.
 */
export function limitToWorkspace(
  access: WorkspaceAccess,
  limit: { workspaceId: string; workspaceName: string; role: WorkspaceRole | null },
  isAdmin: boolean,
): WorkspaceAccess {
  const member = access.memberships.find((candidate) => candidate.workspaceId === limit.workspaceId)
  const base: WorkspaceMembership | undefined =
    member ?? (isAdmin ? { workspaceId: limit.workspaceId, workspaceName: limit.workspaceName, role: 'owner', approver: true } : undefined)
  if (!base) return { personalWorkspaceId: null, memberships: [] }
  return { personalWorkspaceId: limit.workspaceId, memberships: [{ ...base, role: limit.role ? lesserRole(base.role, limit.role) : base.role }] }
}
