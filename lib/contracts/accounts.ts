/**
 * The HTTP contracts of accounts: first-admin setup, invitations, password resets, the signed-in
 * person's profile and API tokens, and user management. Browser-safe: routes parse with these,
 * pages build their forms on them.
 */
import { z } from 'zod'

export const ROLES = ['admin', 'member'] as const
export const roleSchema = z.enum(ROLES)

/** Better Auth's limits (lib/server/auth/auth.ts): checked here too, so the message is ours. */
export const passwordSchema = z.string().min(8, 'Use at least 8 characters.').max(128, 'Use at most 128 characters.')
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

export const createApiTokenRequestSchema = z.object({ name: z.string().trim().min(1, 'Name the token.').max(100) })

export const inviteRequestSchema = z.object({ email: emailSchema, role: roleSchema.default('member') })

export const updateUserRequestSchema = z
  .object({ role: roleSchema.optional(), disabled: z.boolean().optional() })
  .strict()
  .refine((body) => body.role !== undefined || body.disabled !== undefined, 'Send a role, disabled, or both.')

export const auditLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  before: z.string().min(1).max(100).optional(),
})

export interface MeView {
  id: string
  email: string
  name: string
  role: z.infer<typeof roleSchema>
  via: 'session' | 'token'
}

export interface UserView {
  id: string
  email: string
  name: string
  role: z.infer<typeof roleSchema>
  disabled: boolean
  createdAt: string
}

export interface ApiTokenView {
  id: string
  name: string
  /** The token's first characters, e.g. `al_Xy3k…`, to tell tokens apart. */
  prefix: string
  createdAt: string
  lastUsedAt: string | null
}

/** One line of the audit log, as admins read it (details never carry a secret's value). */
export interface AuditEntryView {
  id: string
  actorId: string | null
  /** The actor's e-mail address and name when the user still exists. */
  actor: { email: string; name: string } | null
  /** `<resource>.<verb>`, e.g. `mcp_server.update`, `user.role_change`. */
  action: string
  resourceType: string
  resourceId: string
  details: Record<string, unknown>
  createdAt: string
}

/** A page of the audit log, newest first; `nextBefore` asks for the next (older) page. */
export interface AuditPageView {
  entries: AuditEntryView[]
  nextBefore: string | null
}

/** A link that is shown once: invitations, password resets. */
export interface OneTimeLinkView {
  link: string
  expiresAt: string | null
}

/** Where to go after signing in: a path on this site only, never another origin. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/workflows'
  return next
}
