/**
 * What schedules and webhooks (issue #32) share: the workflow they belong to, as the caller may see it and with the
 * role they need there (404 for a workflow they cannot see, 403 below the role), the person whose runs they start
 * (who made the trigger: their runs are theirs, within their role), and the latest version's declared input fields.
 */
import type { WorkspaceRole } from '@/lib/contracts/workspace-roles'
import { declaredInputFields, parseGraphDocument } from '@/lib/graph'
import type { AppContext } from '../app-context'
import { loadWorkspaceAccess } from '../auth/memberships'
import { requireRole, toRole, type Principal } from '../auth/principal'
import { notFound } from '../domain-errors'
import { visibleWorkflows } from '../workflows/workflow-service'

export interface TriggerWorkflow {
  id: string
  workspaceId: string | null
}

/** The workflow, when the principal sees it (404 otherwise) and has `role` in its workspace (403 otherwise). */
export async function triggerWorkflow(app: Pick<AppContext, 'db'>, principal: Principal, workflowId: string, role: WorkspaceRole): Promise<TriggerWorkflow> {
  const workflow = await app.db.prisma.workflow.findFirst({
    where: { id: workflowId, ...visibleWorkflows(principal) },
    select: { id: true, workspaceId: true },
  })
  if (!workflow) throw notFound('Workflow', workflowId)
  requireRole(principal, workflow.workspaceId, role)
  return workflow
}

/** The person a trigger starts runs as: its maker, with their current memberships (undefined when gone or banned). */
export async function triggerPrincipal(app: Pick<AppContext, 'db'>, ownerId: string | null): Promise<Principal | undefined> {
  if (!ownerId) return undefined
  const user = await app.db.prisma.user.findUnique({ where: { id: ownerId }, select: { id: true, email: true, name: true, role: true, banned: true } })
  if (!user || user.banned) return undefined
  return { userId: user.id, email: user.email, name: user.name, role: toRole(user.role), via: 'token', ...(await loadWorkspaceAccess(app.db.sql, user.id)) }
}

/** The names of the input fields the workflow's latest version declares on its start node (none: it takes text). */
export async function latestInputFieldNames(app: Pick<AppContext, 'db'>, workflowId: string): Promise<string[]> {
  const version = await app.db.prisma.workflowVersion.findFirst({ where: { workflowId }, orderBy: { version: 'desc' }, select: { graph: true } })
  if (!version) return []
  const parsed = parseGraphDocument(version.graph)
  return parsed.ok ? declaredInputFields(parsed.document).map((field) => field.name) : []
}
