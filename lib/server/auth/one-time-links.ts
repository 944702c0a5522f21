/**
 * What the one-time links do when they are used: an invitation makes its person an account, a
 * password reset sets a new password. Each link works once (UserService.consumeToken) and until
 * it expires; a used, expired or unknown link is "not found" alike.
 */
import type { UserView } from '@/lib/contracts/accounts'
import type { AppContext } from '../app-context'
import { recordAudit } from '../audit/audit-log'
import { DomainError } from '../domain-errors'
import { revokeUserSessions } from './credentials'
import { toRole, type Role } from './principal'
import { UserService } from './users'

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const PASSWORD_RESET_TTL_MS = 24 * 60 * 60 * 1000

/** The page each kind of link opens. */
export const LINK_PATHS = { setup: '/setup', invite: '/invite', password_reset: '/reset-password' } as const

export function oneTimeLink(base: string, purpose: keyof typeof LINK_PATHS, token: string): string {
  return `${base.replace(/\/+$/, '')}${LINK_PATHS[purpose]}?token=${token}`
}

const invalidLink = () => new DomainError('not_found', 'This link is not valid any more: it was used already, it expired, or it never existed.')

export class OneTimeLinkService {
  private readonly users: UserService

  constructor(private readonly app: Pick<AppContext, 'db' | 'auth'>) {
    this.users = new UserService(app)
  }

  async invitation(token: string): Promise<{ email: string; role: Role }> {
    const row = await this.users.peekToken('invite', token)
    if (!row?.email) throw invalidLink()
    return { email: row.email, role: toRole(row.role) }
  }

  async acceptInvitation(token: string, input: { name: string; password: string }): Promise<UserView> {
    const row = await this.users.consumeToken('invite', token)
    if (!row?.email) throw invalidLink()
    const user = await this.users.create({ email: row.email, name: input.name, password: input.password, role: toRole(row.role) })
    await recordAudit(this.app.db.prisma, {
      actorId: user.id,
      action: 'user.accept_invitation',
      resourceType: 'user',
      resourceId: user.id,
      details: { email: user.email, role: user.role, invitedBy: row.createdBy },
    })
    return user
  }

  /** Sets the new password and signs the person out everywhere, since someone else may have known the old one. */
  async resetPassword(token: string, password: string): Promise<void> {
    const row = await this.users.consumeToken('password_reset', token)
    if (!row?.userId) throw invalidLink()
    const user = await this.app.db.prisma.user.findUnique({ where: { id: row.userId } })
    if (!user) throw invalidLink()
    await this.users.setPassword(user.id, password)
    await revokeUserSessions(this.app.auth, user.id)
    await recordAudit(this.app.db.prisma, {
      actorId: user.id,
      action: 'user.reset_password',
      resourceType: 'user',
      resourceId: user.id,
      details: { email: user.email },
    })
  }
}
