/**
 * The HTTP contracts of accounts: first-admin setup, invitations, password resets, the signed-in
 * person's profile and API tokens, and user management. Browser-safe: routes parse with these,
 * pages build their forms on them.
 */
import { z } from 'zod'
import { workspaceIdSchema, workspaceRoleSchema } from './workspace-roles'

export const ROLES = ['admin', 'member'] as const
export const roleSchema = z.enum(ROLES)

/** The fewest characters a new password may have (ASVS 2.1.1); long passphrases welcome, no rules on what they contain (2.1.9). */
export const MIN_PASSWORD_LENGTH = 12

/**
 * Every new password (setup, invitation, reset, change, the admin command line). Better Auth's own floor
 * (lib/server/auth/auth.ts) stays lower, so that passwords set before this one still sign in.
 */
export const passwordSchema = z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`).max(128, 'Use at most 128 characters.')
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Enter an e-mail address.')).pipe(z.string().max(254))
export const personNameSchema = z.string().trim().min(1, 'Enter a name.').max(100)

export const setupRequestSchema = z.object({
  token: z.string().min(1).max(100),
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
})

export const acceptInvitationRequestSchema = z.object({ name: personNameSchema, password: passwordSchema })
export const passwordResetRequestSchema = z.object({ password: passwordSchema })
export const changePasswordRequestSchema = z.object({ currentPassword: z.string().min(1).max(128), newPassword: passwordSchema })

/** `workspaceId` (with an optional `role`, default the caller's there) limits the token to that workspace and at most that role. */
export const createApiTokenRequestSchema = z
  .object({ name: z.string().trim().min(1, 'Name the token.').max(100), workspaceId: workspaceIdSchema.optional(), role: workspaceRoleSchema.optional() })
  .refine((body) => body.role === undefined || body.workspaceId !== undefined, {
    message: 'A role limits a token within one workspace: send workspaceId too.',
    path: ['role'],
  })

export const inviteRequestSchema = z.object({ email: emailSchema, role: roleSchema.default('member') })

export const updateUserRequestSchema = z
  .object({ role: roleSchema.optional(), disabled: z.boolean().optional() })
  .strict()
  .refine((body) => body.role !== undefined || body.disabled !== undefined, 'Send a role, disabled, or both.')

export const auditLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  before: z.string().min(1).max(100).optional(),
})

export const meViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  via: z.enum(['session', 'token']),
})
export type MeView = z.infer<typeof meViewSchema>

export const userViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  disabled: z.boolean(),
  createdAt: z.string(),
})
export type UserView = z.infer<typeof userViewSchema>

/** GET /api/admin/users. */
export const userListResponseSchema = z.object({ users: z.array(userViewSchema) })
/** PATCH /api/admin/users/:id; POST /api/setup and /api/invitations/:token (which also sign the person in). */
export const userResponseSchema = z.object({ user: userViewSchema })

export const apiTokenViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, e.g. `al_Xy3k…`, to tell tokens apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** The workspace the token is limited to, and at most which role there (null: the user's rights everywhere). */
  workspaceId: z.string().nullable(),
  role: workspaceRoleSchema.nullable(),
})
export type ApiTokenView = z.infer<typeof apiTokenViewSchema>

/** GET /api/me/tokens. */
export const apiTokenListResponseSchema = z.object({ tokens: z.array(apiTokenViewSchema) })
/** POST /api/me/tokens: the token itself is shown this once. */
export const createdApiTokenResponseSchema = z.object({ token: z.string(), apiToken: apiTokenViewSchema })

/** One line of the audit log, as admins read it (details never carry a secret's value). */
export const auditEntryViewSchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  /** The actor's e-mail address and name when the user still exists. */
  actor: z.object({ email: z.string(), name: z.string() }).nullable(),
  /** `<resource>.<verb>`, e.g. `mcp_server.update`, `user.role_change`. */
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string(),
  details: z.record(z.string(), z.unknown()),
  /** The workspace of what changed (null: not in one, e.g. a user account). */
  workspaceId: z.string().nullable(),
  createdAt: z.string(),
})
export type AuditEntryView = z.infer<typeof auditEntryViewSchema>

/** A page of the audit log, newest first; `nextBefore` asks for the next (older) page. */
export const auditPageViewSchema = z.object({ entries: z.array(auditEntryViewSchema), nextBefore: z.string().nullable() })
export type AuditPageView = z.infer<typeof auditPageViewSchema>

/** A link that is shown once: invitations, password resets. */
export const oneTimeLinkViewSchema = z.object({ link: z.string(), expiresAt: z.string().nullable() })
export type OneTimeLinkView = z.infer<typeof oneTimeLinkViewSchema>

/** GET /api/invitations/:token: whom the invitation is for. */
export const invitationViewSchema = z.object({ email: z.string(), role: roleSchema })

/** What a change that returns nothing else answers (POST /api/me/password, /api/password-resets/:token). */
export const okResponseSchema = z.object({ ok: z.literal(true) })

/** Where to go after signing in: a path on this site only, never another origin. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/workflows'
  return next
}

/** Path parameters of `/api/admin/users/:id` and `/api/me/tokens/:id` (an unknown id is a 404, so no format is enforced). */
export const accountIdParamsSchema = z.object({ id: z.string() })
/** Path parameter of the one-time links `/api/invitations/:token` and `/api/password-resets/:token`. */
export const oneTimeTokenParamsSchema = z.object({ token: z.string() })
