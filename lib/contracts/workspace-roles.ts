/**
 * A member's role in a workspace (issue #30), ordered owner ⊃ editor ⊃ runner ⊃ viewer; `approver` is a flag beside
 * it (an approver-only member is a viewer who may answer approvals). Its own module, so that accounts (API tokens
 * limited to a role) and workspaces both read it without importing each other.
 */
import { z } from 'zod'

export const WORKSPACE_ROLES = ['owner', 'editor', 'runner', 'viewer'] as const
export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES)
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>

/** True when `role` includes everything `needed` may do. */
export function roleAtLeast(role: WorkspaceRole, needed: WorkspaceRole): boolean {
  return WORKSPACE_ROLES.indexOf(role) <= WORKSPACE_ROLES.indexOf(needed)
}

/** The lesser of two roles (a token limited to `runner` of an owner acts as a runner). */
export function lesserRole(a: WorkspaceRole, b: WorkspaceRole): WorkspaceRole {
  return roleAtLeast(a, b) ? b : a
}

export const workspaceIdSchema = z.uuid('Not a workspace id.')

/** `?workspaceId=`: the workspace whose names (MCP server ids, skill names) a path means, or to make something in; default: the caller's personal one. */
export const inWorkspaceQuerySchema = z.object({ workspaceId: workspaceIdSchema.optional() })
