/**
 * What admins do to people: list them, invite them, change their role, disable and enable them,
 * and hand them a password reset link. Every change is written to the audit log. The last
 * admin can never be demoted or disabled, and nobody demotes or disables themselves, so the
 * installation always keeps someone who can manage it.
 */
import type { UserView } from '@/lib/contracts/accounts'
import type { AppContext } from '../app-context'
import { recordAudit } from '../audit/audit-log'
import { conflict, notFound } from '../domain-errors'
import { revokeUserSessions } from './credentials'
import { INVITATION_TTL_MS, PASSWORD_RESET_TTL_MS } from './one-time-links'
import { toRole, type Principal, type Role } from './principal'
import { UserService, presentUser } from './users'

export interface UserChange {
  role?: Role
  disabled?: boolean
}

export class UserAdminService {
  private readonly users: UserService

  constructor(private readonly app: Pick<AppContext, 'db' | 'auth'>) {
    this.users = new UserService(app)
  }

  private get prisma() {
    return this.app.db.prisma
  }

  async list(): Promise<UserView[]> {
    const rows = await this.prisma.user.findMany({ orderBy: [{ createdAt: 'asc' }, { email: 'asc' }] })
    return rows.map(presentUser)
  }

  /** A one-time invitation token, valid for 7 days. */
  async invite(actor: Principal, input: { email: string; role: Role }): Promise<{ token: string; expiresAt: Date }> {
    if (await this.users.findByEmail(input.email)) throw conflict('user_exists', `A user with the address ${input.email} exists already.`)
    const token = await this.users.issueToken('invite', { email: input.email, role: input.role, createdBy: actor.userId, ttlMs: INVITATION_TTL_MS })
    await recordAudit(this.prisma, {
      actorId: actor.userId,
      action: 'user.invite',
      resourceType: 'user',
      resourceId: input.email,
      details: { email: input.email, role: input.role },
    })
    return { token, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) }
  }

  async update(actor: Principal, userId: string, change: UserChange): Promise<UserView> {
    const user = await this.prisma.user.findUnique({ where: { id: userId } })
    if (!user) throw notFound('User', userId)
    const demotesOrDisables = change.role === 'member' || change.disabled === true
    if (demotesOrDisables && userId === actor.userId) {
      throw conflict('cannot_change_self', 'You cannot demote or disable yourself: ask another admin to do it.')
    }
    const losesAdmin = toRole(user.role) === 'admin' && user.banned !== true && demotesOrDisables
    if (losesAdmin && (await this.activeAdminCount()) <= 1) {
      throw conflict('last_admin', 'This is the last admin: make someone else an admin first.')
    }
    const data: { role?: Role; banned?: boolean; banReason?: string | null } = {}
    if (change.role !== undefined) data.role = change.role
    if (change.disabled !== undefined) Object.assign(data, { banned: change.disabled, banReason: change.disabled ? 'Disabled by an admin' : null })
    const updated = await this.prisma.user.update({ where: { id: userId }, data })
    // Disabling signs them out at once; their API tokens stop at the next request (ApiTokenService checks banned).
    if (change.disabled === true) await revokeUserSessions(this.app.auth, userId)
    await this.audit(actor, user, change)
    return presentUser(updated)
  }

  /** A one-time password reset token for the user, valid for 24 hours. */
  async issuePasswordReset(actor: Principal | null, userId: string): Promise<{ token: string; expiresAt: Date }> {
    const user = await this.prisma.user.findUnique({ where: { id: userId } })
    if (!user) throw notFound('User', userId)
    const token = await this.users.issueToken('password_reset', { userId, createdBy: actor?.userId, ttlMs: PASSWORD_RESET_TTL_MS })
    await recordAudit(this.prisma, {
      actorId: actor?.userId ?? null,
      action: 'user.issue_password_reset',
      resourceType: 'user',
      resourceId: userId,
      details: { email: user.email },
    })
    return { token, expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS) }
  }

  private activeAdminCount(): Promise<number> {
    return this.prisma.user.count({ where: { role: 'admin', OR: [{ banned: false }, { banned: null }] } })
  }

  private async audit(actor: Principal, before: { id: string; email: string; role: string; banned: boolean | null }, change: UserChange): Promise<void> {
    const base = { actorId: actor.userId, resourceType: 'user', resourceId: before.id }
    if (change.role !== undefined && change.role !== toRole(before.role)) {
      await recordAudit(this.prisma, { ...base, action: 'user.role_change', details: { email: before.email, from: toRole(before.role), to: change.role } })
    }
    if (change.disabled !== undefined && change.disabled !== (before.banned === true)) {
      await recordAudit(this.prisma, { ...base, action: change.disabled ? 'user.disable' : 'user.enable', details: { email: before.email } })
    }
  }
}
