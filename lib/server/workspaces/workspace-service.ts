/**
 * Workspaces and their members (issue #30): listing the caller's, making a team workspace, renaming and deleting one,
 * adding people by their account's address, changing a member's role or approver flag, removing a member, invitation
 * links, and the workspace's audit log. Owners manage; every member reads the member list. A workspace the caller is
 * not in is a 404 as a missing one; one they are in with too small a role is a 403 naming the role.
 */
import { randomBytes } from 'node:crypto'
import type { AuditPageView } from '@/lib/contracts/accounts'
import type { InvitationPreview, PendingWorkspaceInvitation, WorkspaceMemberView, WorkspaceRole, WorkspaceView } from '@/lib/contracts/workspaces'
import type { AppContext } from '../app-context'
import { listAuditEntries, recordAudit, type AuditQuery } from '../audit/audit-log'
import { canSee, isAdmin, requireRole, roleIn, type Principal } from '../auth/principal'
import { hashOneTimeToken } from '../auth/users'
import { serverBaseUrl } from '../auth/public-url'
import type { Prisma } from '../db/database'
import { conflict, DomainError, notFound } from '../domain-errors'

/** How long a workspace invitation link works. */
export const WORKSPACE_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

type Tx = Parameters<Parameters<Prisma['$transaction']>[0]>[0]

export class WorkspaceService {
  constructor(private readonly app: Pick<AppContext, 'db'>) {}

  private get prisma() {
    return this.app.db.prisma
  }

  /** The caller's workspaces (an admin's: every one), personal first; `role` is theirs there. */
  async list(principal: Principal): Promise<WorkspaceView[]> {
    const ids = principal.memberships.map((member) => member.workspaceId)
    const rows = await this.prisma.workspace.findMany({ where: isAdmin(principal) ? {} : { id: { in: ids } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
    return rows
      .map((row) => this.present(principal, row))
      .sort((a, b) => (a.id === principal.personalWorkspaceId ? -1 : b.id === principal.personalWorkspaceId ? 1 : 0))
  }

  async get(principal: Principal, id: string): Promise<WorkspaceView> {
    return this.present(principal, await this.require(principal, id, 'viewer'))
  }

  /** A team workspace; its maker is its owner. */
  async create(principal: Principal, name: string): Promise<WorkspaceView> {
    const row = await this.prisma.$transaction(async (tx) => {
      const created = await tx.workspace.create({
        data: { name, kind: 'team', createdById: principal.userId, members: { create: { userId: principal.userId, role: 'owner', approver: true } } },
      })
      await this.audit(tx, principal, created.id, 'workspace.create', { name })
      return created
    })
    return { ...this.present(principal, row), role: 'owner', approver: true }
  }

  async rename(principal: Principal, id: string, name: string): Promise<WorkspaceView> {
    await this.require(principal, id, 'owner')
    const row = await this.prisma.$transaction(async (tx) => {
      const renamed = await tx.workspace.update({ where: { id }, data: { name } })
      await this.audit(tx, principal, id, 'workspace.rename', { name })
      return renamed
    })
    return this.present(principal, row)
  }

  /** Deletes a team workspace and everything in it (a personal one stays as long as its person). */
  async delete(principal: Principal, id: string): Promise<{ deleted: string }> {
    const row = await this.require(principal, id, 'owner')
    if (row.kind === 'personal') throw conflict('personal_workspace', 'A personal workspace cannot be deleted: it goes with its person’s account.')
    await this.prisma.$transaction(async (tx) => {
      await tx.workspace.delete({ where: { id } })
      // The entry outlives the workspace: it names what went, with no workspace to hold it.
      await recordAudit(tx, { actorId: principal.userId, action: 'workspace.delete', resourceType: 'workspace', resourceId: id, details: { name: row.name } })
    })
    return { deleted: id }
  }

  async members(principal: Principal, id: string): Promise<WorkspaceMemberView[]> {
    await this.require(principal, id, 'viewer')
    const rows = await this.prisma.workspaceMember.findMany({
      where: { workspaceId: id },
      include: { user: { select: { email: true, name: true } } },
      orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }],
    })
    return rows.map(presentMember)
  }

  /** Adds the person with this account address (404 for none: addresses of accounts are not secret from members who invite). */
  async addMember(principal: Principal, id: string, input: { email: string; role: WorkspaceRole; approver: boolean }): Promise<WorkspaceMemberView> {
    await this.require(principal, id, 'owner')
    const user = await this.prisma.user.findUnique({ where: { email: input.email }, select: { id: true } })
    if (!user) throw notFound('Account', input.email)
    try {
      const row = await this.prisma.$transaction(async (tx) => {
        const created = await tx.workspaceMember.create({
          data: { workspaceId: id, userId: user.id, role: input.role, approver: input.approver },
          include: { user: { select: { email: true, name: true } } },
        })
        await this.audit(tx, principal, id, 'workspace.member_add', { userId: user.id, role: input.role, approver: input.approver })
        return created
      })
      return presentMember(row)
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw conflict('member_exists', `${input.email} is a member of this workspace already.`)
      throw error
    }
  }

  /** Changes a member's role or approver flag; the last owner stays an owner (409 `last_owner`). */
  async changeMember(principal: Principal, id: string, userId: string, change: { role?: WorkspaceRole; approver?: boolean }): Promise<WorkspaceMemberView> {
    await this.require(principal, id, 'owner')
    return this.prisma.$transaction(async (tx) => {
      const member = await this.requireMember(tx, id, userId)
      if (member.role === 'owner' && change.role !== undefined && change.role !== 'owner') await this.keepAnOwner(tx, id)
      const row = await tx.workspaceMember.update({
        where: { workspaceId_userId: { workspaceId: id, userId } },
        data: change,
        include: { user: { select: { email: true, name: true } } },
      })
      await this.audit(tx, principal, id, 'workspace.member_change', { userId, ...change })
      return presentMember(row)
    })
  }

  /** Removes a member (owners remove anyone; anyone may leave); the last owner cannot go (409 `last_owner`). */
  async removeMember(principal: Principal, id: string, userId: string): Promise<{ removed: string }> {
    await this.require(principal, id, userId === principal.userId ? 'viewer' : 'owner')
    await this.prisma.$transaction(async (tx) => {
      const member = await this.requireMember(tx, id, userId)
      const workspace = await tx.workspace.findUniqueOrThrow({ where: { id }, select: { kind: true, createdById: true } })
      if (workspace.kind === 'personal' && workspace.createdById === userId) {
        throw conflict('personal_workspace', 'A person cannot leave their personal workspace.')
      }
      if (member.role === 'owner') await this.keepAnOwner(tx, id)
      await tx.workspaceMember.delete({ where: { workspaceId_userId: { workspaceId: id, userId } } })
      await this.audit(tx, principal, id, 'workspace.member_remove', { userId })
    })
    return { removed: userId }
  }

  /** A one-time link (POSTed by a signed-in person) that makes them a member with this role; owners make them. */
  async invite(
    principal: Principal,
    id: string,
    input: { role: WorkspaceRole; approver: boolean },
  ): Promise<{ id: string; token: string; url: string; expiresAt: string }> {
    await this.require(principal, id, 'owner')
    const token = randomBytes(32).toString('base64url')
    const tokenHash = hashOneTimeToken(token)
    const expiresAt = new Date(Date.now() + WORKSPACE_INVITATION_TTL_MS)
    await this.prisma.$transaction(async (tx) => {
      await tx.oneTimeToken.create({
        data: {
          tokenHash,
          purpose: 'workspace_invite',
          workspaceId: id,
          role: input.approver ? `${input.role}+approver` : input.role,
          createdBy: principal.userId,
          expiresAt,
        },
      })
      await this.audit(tx, principal, id, 'workspace.invite', { role: input.role, approver: input.approver })
    })
    // The page, not the API route: a person opens it in a browser, signs in if need be, and accepts.
    return { id: tokenHash, token, url: `${serverBaseUrl()}/workspace-invitations/${token}`, expiresAt: expiresAt.toISOString() }
  }

  /** The workspace's invitation links not used (nor expired) yet, newest first; owners only. The id is the token's hash. */
  async invitations(principal: Principal, id: string): Promise<PendingWorkspaceInvitation[]> {
    await this.require(principal, id, 'owner')
    const rows = await this.prisma.oneTimeToken.findMany({
      where: { purpose: 'workspace_invite', workspaceId: id, usedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
      orderBy: [{ createdAt: 'desc' }, { tokenHash: 'asc' }],
    })
    const makers = await this.prisma.user.findMany({
      where: { id: { in: rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])) } },
      select: { id: true, name: true, email: true },
    })
    return rows.map((row) => {
      const { role, approver } = invitedRole(row.role)
      const maker = makers.find((user) => user.id === row.createdBy)
      return {
        id: row.tokenHash,
        role,
        approver,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt?.toISOString() ?? null,
        createdBy: maker ? maker.name.trim() || maker.email : null,
      }
    })
  }

  /** Revokes an invitation link not used yet (404 for one used, revoked, of another workspace or unknown). */
  async revokeInvitation(principal: Principal, id: string, invitationId: string): Promise<{ revoked: string }> {
    await this.require(principal, id, 'owner')
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.oneTimeToken.deleteMany({ where: { tokenHash: invitationId, purpose: 'workspace_invite', workspaceId: id, usedAt: null } })
      if (count !== 1) throw notFound('Invitation', invitationId)
      await this.audit(tx, principal, id, 'workspace.invitation_revoke', {})
    })
    return { revoked: invitationId }
  }

  /** What a live invitation link offers, for the signed-in person about to accept it (reading does not use it up). */
  async previewInvitation(principal: Principal, token: string): Promise<InvitationPreview> {
    const invitation = await this.prisma.oneTimeToken.findUnique({ where: { tokenHash: hashOneTimeToken(token) } })
    const live = invitation?.purpose === 'workspace_invite' && !invitation.usedAt && (!invitation.expiresAt || invitation.expiresAt > new Date())
    if (!live || !invitation.workspaceId) throw invalidInvitation()
    const workspace = await this.prisma.workspace.findUnique({ where: { id: invitation.workspaceId }, select: { id: true, name: true } })
    if (!workspace) throw invalidInvitation()
    const member = principal.memberships.some((candidate) => candidate.workspaceId === workspace.id)
    return { workspace, ...invitedRole(invitation.role), expiresAt: invitation.expiresAt?.toISOString() ?? null, member }
  }

  /** Uses an invitation link: the signed-in caller joins (once; a used, expired or unknown link is a 404 alike). */
  async acceptInvitation(principal: Principal, token: string): Promise<WorkspaceView> {
    const row = await this.prisma.$transaction(async (tx) => {
      const invitation = await tx.oneTimeToken.findUnique({ where: { tokenHash: hashOneTimeToken(token) } })
      const live = invitation?.purpose === 'workspace_invite' && !invitation.usedAt && (!invitation.expiresAt || invitation.expiresAt > new Date())
      if (!live || !invitation.workspaceId) throw invalidInvitation()
      const { count } = await tx.oneTimeToken.updateMany({ where: { tokenHash: invitation.tokenHash, usedAt: null }, data: { usedAt: new Date() } })
      if (count !== 1) throw invalidInvitation()
      const { role, approver } = invitedRole(invitation.role)
      await tx.workspaceMember.upsert({
        where: { workspaceId_userId: { workspaceId: invitation.workspaceId, userId: principal.userId } },
        create: { workspaceId: invitation.workspaceId, userId: principal.userId, role, approver },
        update: {},
      })
      await this.audit(tx, principal, invitation.workspaceId, 'workspace.join', { role, approver })
      return tx.workspace.findUniqueOrThrow({ where: { id: invitation.workspaceId } })
    })
    const member = await this.prisma.workspaceMember.findUniqueOrThrow({ where: { workspaceId_userId: { workspaceId: row.id, userId: principal.userId } } })
    return { ...this.present(principal, row), role: member.role, approver: member.approver }
  }

  /** The workspace's audit log, for its owners (and admins). */
  async auditLog(principal: Principal, id: string, query: Omit<AuditQuery, 'workspaceId'>): Promise<AuditPageView> {
    await this.require(principal, id, 'owner')
    return listAuditEntries(this.prisma, { ...query, workspaceId: id })
  }

  /** 404 for a workspace the caller is not in (admins: any that exists), 403 below `role`. */
  private async require(principal: Principal, id: string, role: WorkspaceRole) {
    const row = canSee(principal, id) ? await this.prisma.workspace.findUnique({ where: { id } }) : null
    if (!row) throw notFound('Workspace', id)
    requireRole(principal, id, role)
    return row
  }

  private async requireMember(tx: Tx, workspaceId: string, userId: string) {
    const member = await tx.workspaceMember.findUnique({ where: { workspaceId_userId: { workspaceId, userId } } })
    if (!member) throw notFound('Member', userId)
    return member
  }

  private async keepAnOwner(tx: Tx, workspaceId: string): Promise<void> {
    // Locks the owners' rows so that two owners demoting each other at once cannot both succeed.
    const owners = await tx.$queryRaw<
      { userId: string }[]
    >`SELECT "userId" FROM "WorkspaceMember" WHERE "workspaceId" = ${workspaceId} AND role = 'owner' FOR UPDATE`
    if (owners.length <= 1) throw conflict('last_owner', 'A workspace keeps at least one owner: make someone else an owner first.')
  }

  private audit(tx: Tx, principal: Principal, workspaceId: string, action: string, details: Record<string, string | boolean | undefined>) {
    const defined = Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined)) as Record<string, string | boolean>
    return recordAudit(tx, { actorId: principal.userId, action, resourceType: 'workspace', resourceId: workspaceId, details: defined, workspaceId })
  }

  private present(principal: Principal, row: { id: string; name: string; kind: 'personal' | 'team'; createdAt: Date }): WorkspaceView {
    const member = principal.memberships.find((candidate) => candidate.workspaceId === row.id)
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      role: roleIn(principal, row.id) ?? 'viewer',
      approver: member?.approver ?? isAdmin(principal),
      createdAt: row.createdAt.toISOString(),
    }
  }
}

/** An invitation row's role: `runner` or `runner+approver`. */
function invitedRole(stored: string | null): { role: WorkspaceRole; approver: boolean } {
  const [role, flag] = (stored ?? 'viewer').split('+') as [WorkspaceRole, string | undefined]
  return { role, approver: flag === 'approver' }
}

const invalidInvitation = () => new DomainError('not_found', 'This invitation is not valid any more: it was used already, it expired, or it never existed.')

function presentMember(row: {
  userId: string
  role: WorkspaceRole
  approver: boolean
  createdAt: Date
  user: { email: string; name: string }
}): WorkspaceMemberView {
  return { userId: row.userId, email: row.user.email, name: row.user.name, role: row.role, approver: row.approver, createdAt: row.createdAt.toISOString() }
}
