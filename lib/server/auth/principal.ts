/**
 * Who is asking: the signed-in user behind a request's session cookie, or behind its
 * `Authorization: Bearer` API token. Every route but share links, health and sign-in needs one.
 *
 * What they may see and do follows from their workspace memberships (issue #30), loaded with the
 * credential: a row is visible when it is in one of their workspaces (admins see everything), and
 * what they may do there is their role's. Not visible: 404; visible but not allowed: 403 naming the role.
 */
import { lesserRole, roleAtLeast, type WorkspaceRole } from '@/lib/contracts/workspace-roles'
import { DomainError } from '../domain-errors'

export type Role = 'admin' | 'member'

export interface WorkspaceMembership {
  workspaceId: string
  workspaceName: string
  role: WorkspaceRole
  approver: boolean
}

export interface Principal {
  userId: string
  email: string
  name: string
  role: Role
  /** How the request proved it: a browser session or a personal API token. */
  via: 'session' | 'token'
  /** The browser session's id, when via is 'session' (a password change keeps it and signs out the others). */
  sessionId?: string
  /** Where what they make goes when they name no workspace (a workspace-limited token: that workspace). */
  personalWorkspaceId: string | null
  /** Their workspaces and roles (a workspace-limited token: that one, at most the token's role). */
  memberships: readonly WorkspaceMembership[]
}

export function isAdmin(principal: Pick<Principal, 'role'>): boolean {
  return principal.role === 'admin'
}

export function toRole(value: unknown): Role {
  return value === 'admin' ? 'admin' : 'member'
}

/**
 * A Prisma `where` fragment limiting rows by workspace: `{}` for all of them, `{ workspaceId }` for one
 * workspace's, `{ workspaceId: { in } }` for several, `{ workspaceId: null }` for rows nobody has adopted yet.
 */
export type WorkspaceScope = { workspaceId?: string | null | { in: string[] } }

/**
 * What a run may use (sub-workflows, saved agents, their keys): its workspace's rows; everything for a run an admin
 * started; rows nobody has adopted for a run from before sign-in.
 */
export type RunScope = { workspaceId?: string | null }

export function runScope(workspaceId: string | null, starterRole: string | null | undefined): RunScope {
  return toRole(starterRole) === 'admin' ? {} : { workspaceId }
}

/**
 * Whom runs started for people who are not members (a publication's visitors, a webhook's callers) run as: the
 * person who set it up, held to the one workspace with no more than the runner role they have there (none: not a
 * member, so nothing runs), never an admin account's reach. Its runs are stored `workspaceScoped` (run-lease.ts).
 */
export function workspaceRunner(person: Pick<Principal, 'userId' | 'email' | 'name' | 'role' | 'memberships'>, workspaceId: string): Principal {
  const role = roleIn(person, workspaceId)
  return {
    userId: person.userId,
    email: person.email,
    name: person.name,
    role: 'member',
    via: 'token',
    personalWorkspaceId: null,
    memberships: role === undefined ? [] : [{ workspaceId, workspaceName: '', role: lesserRole(role, 'runner'), approver: false }],
  }
}

/** The Prisma `where` fragment that limits a query to what the principal may see: their workspaces' rows, or everything for an admin. */
export function visibleTo(principal: Pick<Principal, 'role' | 'memberships'>): { workspaceId?: { in: string[] } } {
  return isAdmin(principal) ? {} : { workspaceId: { in: principal.memberships.map((member) => member.workspaceId) } }
}

/** The workspaces where the principal has at least `role` (undefined for an admin: all of them). */
export function workspacesWithRole(principal: Pick<Principal, 'role' | 'memberships'>, role: WorkspaceRole): string[] | undefined {
  if (isAdmin(principal)) return undefined
  return principal.memberships.filter((member) => roleAtLeast(member.role, role)).map((member) => member.workspaceId)
}

/** True when the principal may see a row of this workspace (admins see everything). */
export function canSee(principal: Pick<Principal, 'role' | 'memberships'>, workspaceId: string | null | undefined): boolean {
  return isAdmin(principal) || (workspaceId != null && principal.memberships.some((member) => member.workspaceId === workspaceId))
}

/** The principal's role in a workspace (an admin who is not a member acts as its owner); undefined when not a member. */
export function roleIn(principal: Pick<Principal, 'role' | 'memberships'>, workspaceId: string | null | undefined): WorkspaceRole | undefined {
  const member = workspaceId == null ? undefined : principal.memberships.find((candidate) => candidate.workspaceId === workspaceId)
  if (member) return isAdmin(principal) ? 'owner' : member.role
  return isAdmin(principal) ? 'owner' : undefined
}

export function hasRole(principal: Pick<Principal, 'role' | 'memberships'>, workspaceId: string | null | undefined, needed: WorkspaceRole): boolean {
  const role = roleIn(principal, workspaceId)
  return role !== undefined && roleAtLeast(role, needed)
}

/**
 * Refuses (403 `forbidden`, naming the role) a principal who sees the workspace's row but whose role there is less
 * than `needed`. Call it on a row the principal can see: one they cannot see is a 404 before this.
 */
export function requireRole(principal: Pick<Principal, 'role' | 'memberships'>, workspaceId: string | null | undefined, needed: WorkspaceRole): void {
  if (hasRole(principal, workspaceId, needed)) return
  throw forbidden(principal, workspaceId, needed)
}

export function forbidden(principal: Pick<Principal, 'memberships'>, workspaceId: string | null | undefined, needed: WorkspaceRole): DomainError {
  const name = principal.memberships.find((member) => member.workspaceId === workspaceId)?.workspaceName
  const where = name === undefined ? 'this workspace' : `workspace "${name}"`
  return new DomainError('forbidden', `This needs the ${needed} role in ${where}.`, { role: needed, workspaceId: workspaceId ?? null })
}

/** True when the principal may answer approvals of this workspace's runs: an approver or owner there (or an admin). */
export function approvesIn(principal: Pick<Principal, 'role' | 'memberships'>, workspaceId: string | null | undefined): boolean {
  if (isAdmin(principal)) return true
  const member = principal.memberships.find((candidate) => candidate.workspaceId === workspaceId)
  return member !== undefined && (member.approver || member.role === 'owner')
}

/**
 * The workspace something new goes into: the one named (which needs `needed` there; one the caller cannot see is
 * a 404), else the caller's personal workspace. An admin with no account of their own (the command line's) makes
 * rows in no workspace, which only admins see, as rows from before sign-in.
 */
export function targetWorkspace(principal: Principal, workspaceId: string | undefined, needed: WorkspaceRole): string | null {
  const target = workspaceId ?? principal.personalWorkspaceId
  if (target === null && isAdmin(principal)) return null
  if (target === null) throw new DomainError('not_found', 'You have no workspace to make this in: name one with workspaceId.')
  if (!canSee(principal, target)) throw new DomainError('not_found', `Workspace '${target}' not found.`)
  requireRole(principal, target, needed)
  return target
}
