/**
 * Who may do what with a workflow's live document: owners and editors of its workspace (and
 * installation admins) edit; runners and viewers follow it read-only; anyone else does not see it
 * (answered like a missing workflow). One rule, the API's: principal.ts's canSee and hasRole.
 *
 * A connection is admitted with a verdict; access-watch.ts asks again (the credential authenticated
 * anew, then this) while it stays open.
 */
import type { SqlRunner } from '../db/sql'
import { canSee, hasRole, type Principal } from '../auth/principal'

export type CollabAccess = 'edit' | 'follow' | 'none'

export interface LiveWorkflowFacts {
  workspaceId: string | null
  deleted: boolean
}

/** The access a principal has to a workflow (undefined: it does not exist). */
export function collabAccessTo(principal: Pick<Principal, 'role' | 'memberships'>, workflow: LiveWorkflowFacts | undefined): CollabAccess {
  if (!workflow || workflow.deleted || !canSee(principal, workflow.workspaceId)) return 'none'
  return hasRole(principal, workflow.workspaceId, 'editor') ? 'edit' : 'follow'
}

/** collabAccessTo with the workflow read from the database. */
export async function collabAccess(sql: Pick<SqlRunner, 'query'>, principal: Principal, workflowId: string): Promise<CollabAccess> {
  const [row] = await sql.query<{ workspaceId: string | null; deleted: boolean }>(
    'SELECT "workspaceId", "deletedAt" IS NOT NULL AS deleted FROM "Workflow" WHERE id = $1',
    [workflowId],
  )
  return collabAccessTo(principal, row)
}
