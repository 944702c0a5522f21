/**
 * Whose names a name means. An MCP server's id and a skill's name are unique per workspace only (issue #30), so a
 * name a workflow or saved agent uses means the server or skill of that document's workspace, also when an admin
 * runs it, and a name a person types means the one of the workspace they name (default: their personal one). This
 * module is the one place that says whose a name is.
 */
import type { Prisma } from '../db/database'
import { DomainError } from '../domain-errors'
import { canSee, toRole, type Principal } from './principal'

export interface NameOwner {
  /** The workspace whose names these are; null: rows from before sign-in that nobody has adopted yet. */
  workspaceId: string | null
  /**
   * An admin's names also reach another workspace's row when it is the only one of that name: before names were
   * per owner, an admin's workflow could name any server or skill, and such a name kept one meaning. True when the
   * document was made by an admin (or, for typed names, the person typing is one).
   */
  isAdmin: boolean
}

export function nameOwnerFrom(workspaceId: string | null, creatorRole: string | null | undefined): NameOwner {
  return { workspaceId, isAdmin: workspaceId !== null && toRole(creatorRole) === 'admin' }
}

/**
 * The names a person types (a route's id, an import's ids) are those of the workspace they name, else of their
 * personal one. A workspace they cannot see is a 404, as a missing one.
 */
export function nameOwnerOf(principal: Pick<Principal, 'role' | 'memberships' | 'personalWorkspaceId'>, workspaceId?: string): NameOwner {
  if (workspaceId !== undefined && !canSee(principal, workspaceId)) throw new DomainError('not_found', `Workspace '${workspaceId}' not found.`)
  return nameOwnerFrom(workspaceId ?? principal.personalWorkspaceId, principal.role)
}

/** The Prisma `where` fragment for the rows whose names are the workspace's. */
export function ownerNamesWhere(owner: NameOwner): { workspaceId: string | null } {
  return { workspaceId: owner.workspaceId }
}

/**
 * Whose names a stored run uses: its workflow's workspace, or for a conversation turn its agent's (not who started
 * it: an admin running a member's workflow uses the member's servers and skills).
 */
export async function runNameOwner(
  prisma: Prisma,
  run: { workflowId: string | null; agentVersionId: string | null; workspaceId: string | null; ownerId: string | null },
): Promise<NameOwner> {
  const document = run.workflowId
    ? await prisma.workflow.findUnique({ where: { id: run.workflowId }, select: { ownerId: true, workspaceId: true } })
    : run.agentVersionId
      ? (await prisma.agentVersion.findUnique({ where: { id: run.agentVersionId }, select: { agent: { select: { ownerId: true, workspaceId: true } } } }))
          ?.agent
      : undefined
  const { workspaceId, ownerId } = document ?? run
  if (workspaceId === null) return nameOwnerFrom(null, null)
  const creator = ownerId === null ? null : await prisma.user.findUnique({ where: { id: ownerId }, select: { role: true } })
  return nameOwnerFrom(workspaceId, creator?.role)
}

/**
 * The workspace's rows for `names`, by name. `find` reads rows of the given names within a `where` fragment.
 * For an admin's document, a name missing among its workspace's rows falls back to the only row of that name anywhere;
 * a name several others use stays unresolved (which one was meant cannot be told).
 */
export async function resolveOwnedNames<Row extends { workspaceId: string | null }>(
  names: readonly string[],
  owner: NameOwner,
  find: (names: string[], where: { workspaceId?: string | null }) => Promise<Row[]>,
  nameOf: (row: Row) => string,
): Promise<Map<string, Row>> {
  const unique = [...new Set(names)]
  if (unique.length === 0) return new Map()
  const resolved = new Map((await find(unique, ownerNamesWhere(owner))).map((row) => [nameOf(row), row]))
  const missing = unique.filter((name) => !resolved.has(name))
  if (!owner.isAdmin || missing.length === 0) return resolved
  const others = await find(missing, {})
  for (const name of missing) {
    const candidates = others.filter((row) => nameOf(row) === name)
    if (candidates.length === 1) resolved.set(name, candidates[0]!)
  }
  return resolved
}
