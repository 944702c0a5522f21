/**
 * People: creating users (first admin, invitations, the admin command line), the first-admin
 * setup link, and password resets. Passwords are hashed by Better Auth; rows created before
 * sign-in existed (no owner) are adopted by the first admin.
 */
import { createHash, randomBytes } from 'node:crypto'
import { passwordSchema, type UserView } from '@/lib/contracts/accounts'
import type { AppContext } from '../app-context'
import type { Prisma } from '../db/database'
import { conflict, invalidInput } from '../domain-errors'
import { recordAudit } from '../audit/audit-log'
import { changeOwnPassword, setUserPassword } from './credentials'
import { toRole, type Role } from './principal'
import { serverBaseUrl } from './public-url'

type UserRow = { id: string; email: string; name: string; role: string; banned: boolean | null; createdAt: Date }

export function presentUser(row: UserRow): UserView {
  return { id: row.id, email: row.email, name: row.name, role: toRole(row.role), disabled: row.banned === true, createdAt: row.createdAt.toISOString() }
}

export type OneTimePurpose = 'setup' | 'invite' | 'password_reset'

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The tables whose rows have an owner; rows without one predate sign-in, and move into the adopter's personal workspace. */
async function adoptUnownedRows(prisma: Prisma, userId: string, workspaceId: string | null): Promise<void> {
  const adopted = { ownerId: userId, workspaceId }
  await prisma.$transaction([
    prisma.workflow.updateMany({ where: { ownerId: null }, data: adopted }),
    prisma.workflowVersion.updateMany({ where: { authorId: null }, data: { authorId: userId } }),
    prisma.run.updateMany({ where: { ownerId: null }, data: adopted }),
    prisma.approvalRequest.updateMany({ where: { ownerId: null }, data: adopted }),
    prisma.shareLink.updateMany({ where: { ownerId: null }, data: adopted }),
    prisma.mcpServer.updateMany({ where: { ownerId: null }, data: adopted }),
    prisma.skill.updateMany({ where: { ownerId: null }, data: adopted }),
  ])
}

export interface NewUser {
  email: string
  name?: string
  password: string
  role: Role
}

export class UserService {
  constructor(private readonly app: Pick<AppContext, 'db' | 'auth'>) {}

  private get prisma() {
    return this.app.db.prisma
  }

  async count(): Promise<number> {
    return this.prisma.user.count()
  }

  /**
   * A person changes their own password (the current one is checked first); every other session of
   * theirs ends, and the change is in the audit log (ASVS 7.1: a security event, never the password).
   */
  async changeOwnPassword(principal: { userId: string; sessionId?: string }, currentPassword: string, newPassword: string): Promise<void> {
    await changeOwnPassword(this.app.auth, principal.userId, currentPassword, newPassword, principal.sessionId)
    await recordAudit(this.prisma, { actorId: principal.userId, action: 'user.password_change', resourceType: 'user', resourceId: principal.userId })
  }

  async findByEmail(email: string) {
    return this.prisma.user.findUnique({ where: { email: email.trim().toLowerCase() } })
  }

  /** Creates a user with a password. The first admin adopts every row that has no owner yet. */
  async create(input: NewUser): Promise<UserView> {
    const email = input.email.trim().toLowerCase()
    if (await this.findByEmail(email)) throw conflict('user_exists', `A user with the address ${email} exists already.`)
    const name = input.name?.trim() || email.split('@')[0]
    const result = await this.app.auth.api.createUser({ body: { email, password: input.password, name, role: input.role as 'admin' } })
    const row = await this.prisma.user.findUniqueOrThrow({ where: { id: result.user.id } })
    if (input.role === 'admin' && (await this.prisma.user.count({ where: { role: 'admin' } })) === 1)
      await adoptUnownedRows(this.prisma, row.id, row.personalWorkspaceId)
    return presentUser(row)
  }

  async setPassword(userId: string, password: string): Promise<void> {
    await setUserPassword(this.app.auth, userId, password)
  }

  /** A one-time token for a purpose; only its hash is stored. */
  async issueToken(
    purpose: OneTimePurpose,
    fields: { email?: string; role?: Role; userId?: string; createdBy?: string; ttlMs?: number } = {},
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url')
    await this.prisma.oneTimeToken.create({
      data: {
        tokenHash: hashOneTimeToken(token),
        purpose,
        email: fields.email,
        role: fields.role,
        userId: fields.userId,
        createdBy: fields.createdBy,
        expiresAt: fields.ttlMs ? new Date(Date.now() + fields.ttlMs) : null,
      },
    })
    return token
  }

  /** The live token's row, or null when it is unknown, used or expired. */
  async peekToken(purpose: OneTimePurpose, token: string) {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null
    const row = await this.prisma.oneTimeToken.findUnique({ where: { tokenHash: hashOneTimeToken(token) } })
    if (!row || row.purpose !== purpose || row.usedAt || (row.expiresAt && row.expiresAt.getTime() < Date.now())) return null
    return row
  }

  /** Marks a token used; only one caller wins a race for it. */
  async consumeToken(purpose: OneTimePurpose, token: string) {
    const row = await this.peekToken(purpose, token)
    if (!row) return null
    const { count } = await this.prisma.oneTimeToken.updateMany({ where: { tokenHash: row.tokenHash, usedAt: null }, data: { usedAt: new Date() } })
    return count === 1 ? row : null
  }

  /** Creates the first admin through the setup link. Refused once any user exists. */
  async completeSetup(token: string, input: Omit<NewUser, 'role'>): Promise<UserView> {
    if ((await this.count()) > 0) throw conflict('setup_done', 'Agentloom is set up already: sign in instead.')
    if (!(await this.consumeToken('setup', token)))
      throw invalidInput('invalid_setup_link', 'This setup link is not valid any more. Restart the server to print a new one.')
    return this.create({ ...input, role: 'admin' })
  }
}

/** The first admin the environment describes cannot be created as described (the server ends, saying why). */
export class FirstAdminConfigError extends Error {}

/**
 * At start, when nobody has an account yet: AGENTLOOM_ADMIN_EMAIL and AGENTLOOM_ADMIN_PASSWORD
 * create the first admin; otherwise a one-time setup link is printed. Returns the link's token.
 */
export async function prepareFirstAdmin(
  app: Pick<AppContext, 'db' | 'auth'>,
  env: Readonly<Record<string, string | undefined>> = process.env,
  log: (line: string) => void = console.log,
): Promise<string | undefined> {
  const users = new UserService(app)
  if ((await users.count()) > 0) return undefined
  const email = env.AGENTLOOM_ADMIN_EMAIL?.trim()
  const password = env.AGENTLOOM_ADMIN_PASSWORD
  if (email && password) {
    // The same rule as every other new password (ASVS 6.2.1): a short one is refused here, not kept.
    const checked = passwordSchema.safeParse(password)
    if (!checked.success) throw new FirstAdminConfigError(`AGENTLOOM_ADMIN_PASSWORD: ${checked.error.issues[0]!.message}`)
    try {
      await users.create({ email, password, role: 'admin' })
      log(`[auth] created the first admin, ${email}, from AGENTLOOM_ADMIN_EMAIL.`)
      return undefined
    } catch (error) {
      // Another process starting on the same database may have created it first.
      if ((error as { code?: string }).code === 'user_exists') return undefined
      throw error
    }
  }
  const token = await users.issueToken('setup')
  log(`\n  No user exists yet. Create the first admin here (the link works once):\n  ${serverBaseUrl(env)}/setup?token=${token}\n`)
  return token
}
