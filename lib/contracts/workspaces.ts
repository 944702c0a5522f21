/**
 * The HTTP contracts of workspaces (issue #30): every resource belongs to one, and its members have roles. Browser-safe.
 *
 * Roles are ordered: owner ⊃ editor ⊃ runner ⊃ viewer. `approver` is a flag beside the role (an approver-only
 * member is a viewer who may answer approvals).
 */
import { z } from 'zod'
import { emailSchema } from './accounts'
import { workspaceIdSchema, workspaceRoleSchema } from './workspace-roles'

export { WORKSPACE_ROLES, workspaceIdSchema, workspaceRoleSchema, roleAtLeast, type WorkspaceRole } from './workspace-roles'

export const WORKSPACE_KINDS = ['personal', 'team'] as const
export type WorkspaceKind = (typeof WORKSPACE_KINDS)[number]

export const workspaceNameSchema = z.string().trim().min(1, 'Name the workspace.').max(100)

/** Where to make something: a workspace id, or (absent) the caller's personal workspace. */
export const inWorkspaceSchema = z.object({ workspaceId: workspaceIdSchema.optional() })

export const workspaceViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(WORKSPACE_KINDS),
  /** The caller's role there (an admin who is not a member: owner). */
  role: workspaceRoleSchema,
  approver: z.boolean(),
  createdAt: z.string(),
})
export type WorkspaceView = z.infer<typeof workspaceViewSchema>

export const workspaceListSchema = z.object({ workspaces: z.array(workspaceViewSchema) })

export const createWorkspaceRequestSchema = z.object({ name: workspaceNameSchema }).strict()
export const renameWorkspaceRequestSchema = z.object({ name: workspaceNameSchema }).strict()

export const workspaceMemberViewSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: workspaceRoleSchema,
  approver: z.boolean(),
  createdAt: z.string(),
})
export type WorkspaceMemberView = z.infer<typeof workspaceMemberViewSchema>
export const workspaceMemberListSchema = z.object({ members: z.array(workspaceMemberViewSchema) })

export const addWorkspaceMemberRequestSchema = z.object({ email: emailSchema, role: workspaceRoleSchema, approver: z.boolean().default(false) }).strict()
export const changeWorkspaceMemberRequestSchema = z
  .object({ role: workspaceRoleSchema.optional(), approver: z.boolean().optional() })
  .strict()
  .refine((body) => body.role !== undefined || body.approver !== undefined, 'Send a role, approver, or both.')

export const workspaceInvitationRequestSchema = z.object({ role: workspaceRoleSchema, approver: z.boolean().default(false) }).strict()
/** A new invitation: `url` is the page that lets a signed-in person accept it (`/workspace-invitations/<token>`); `id` names it to revoke. */
export const workspaceInvitationSchema = z.object({ id: z.string(), token: z.string(), url: z.string(), expiresAt: z.string() })

/** An invitation link not used yet (its token is never shown again): what the owners see to revoke it. */
export const pendingWorkspaceInvitationSchema = z.object({
  id: z.string(),
  role: workspaceRoleSchema,
  approver: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Who made it (their name), when they still have an account. */
  createdBy: z.string().nullable(),
})
export type PendingWorkspaceInvitation = z.infer<typeof pendingWorkspaceInvitationSchema>
export const pendingWorkspaceInvitationListSchema = z.object({ invitations: z.array(pendingWorkspaceInvitationSchema) })
export const workspaceInvitationParamsSchema = z.object({ id: workspaceIdSchema, invitationId: z.string().regex(/^[0-9a-f]{64}$/, 'Not an invitation id.') })
export const revokedWorkspaceInvitationResponseSchema = z.object({ revoked: z.string() })

/** What an invitation link offers, read before accepting it (the link is not used up by reading). */
export const invitationPreviewSchema = z.object({
  invitation: z.object({
    workspace: z.object({ id: z.string(), name: z.string() }),
    role: workspaceRoleSchema,
    approver: z.boolean(),
    expiresAt: z.string().nullable(),
    /** The reader is a member already (accepting changes nothing). */
    member: z.boolean(),
  }),
})
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>['invitation']

export const workspaceParamsSchema = z.object({ id: workspaceIdSchema })
export const workspaceMemberParamsSchema = z.object({ id: workspaceIdSchema, userId: z.string().min(1).max(100) })

export const moveRequestSchema = z.object({ workspaceId: workspaceIdSchema }).strict()

export const workspaceResponseSchema = z.object({ workspace: workspaceViewSchema })
export const workspaceMemberResponseSchema = z.object({ member: workspaceMemberViewSchema })
export const deletedWorkspaceResponseSchema = z.object({ deleted: z.string() })
export const removedWorkspaceMemberResponseSchema = z.object({ removed: z.string() })
export const invitationTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not an invitation token.') })
export const movedWorkflowResponseSchema = z.object({ workflow: z.object({ id: z.string(), workspaceId: z.string() }) })

/** `details.missing` of a move's 409 `missing_references`: what the target workspace lacks, by kind (ids or names). */
export const missingReferencesSchema = z.object({
  mcpServers: z.array(z.string()),
  skills: z.array(z.string()),
  agents: z.array(z.string()),
  workflows: z.array(z.string()),
})
export type MissingReferences = z.infer<typeof missingReferencesSchema>
