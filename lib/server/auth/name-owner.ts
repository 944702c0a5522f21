/**
 * Whose names a name means. An MCP server's id and a skill's name are unique per owner only, so a name a
 * workflow or saved agent uses means the server or skill of that document's owner, also when an admin
 * runs it, and a name a person types means their own. Issue #30 moves ownership from people to
 * workspaces: this module is the one place that says who owns a name.
 */
import type { Prisma } from '../db/database'
import { toRole, type Principal } from './principal'

export interface NameOwner {
  /** null: rows from before sign-in that nobody has adopted yet. */
  ownerId: string | null
  /**
   * An admin's names also reach another owner's row when it is the only one of that name: before names
   * were per owner, an admin's workflow could name any server or skill, and such a name kept one meaning.
   */
  isAdmin: boolean
}

export function nameOwnerFrom(ownerId: string | null, role: string | null | undefined): NameOwner {
  return { ownerId, isAdmin: ownerId !== null && toRole(role) === 'admin' }
}

/** The names a person types (a route's id, an import's ids) are theirs. */
export function nameOwnerOf(principal: Pick<Principal, 'userId' | 'role'>): NameOwner {
  return nameOwnerFrom(principal.userId, principal.role)
}

/** The Prisma `where` fragment for the rows whose names are the owner's. */
export function ownerNamesWhere(owner: NameOwner): { ownerId: string | null } {
  return { ownerId: owner.ownerId }
}

/**
 * Whose names a stored run uses: its workflow's owner, or for a conversation turn its agent's owner
 * (not who started it: an admin running a member's workflow uses the member's servers and skills).
 */
export async function runNameOwner(
  prisma: Prisma,
  run: { workflowId: string | null; agentVersionId: string | null; ownerId: string | null },
): Promise<NameOwner> {
  const documentOwnerId = run.workflowId
    ? (await prisma.workflow.findUnique({ where: { id: run.workflowId }, select: { ownerId: true } }))?.ownerId
    : run.agentVersionId
      ? (await prisma.agentVersion.findUnique({ where: { id: run.agentVersionId }, select: { agent: { select: { ownerId: true } } } }))?.agent.ownerId
      : undefined
  const ownerId = documentOwnerId === undefined ? run.ownerId : documentOwnerId
  if (ownerId === null) return nameOwnerFrom(null, null)
  const user = await prisma.user.findUnique({ where: { id: ownerId }, select: { role: true } })
  return nameOwnerFrom(ownerId, user?.role)
}

/**
 * The owner's rows for `names`, by name. `find` reads rows of the given names within a `where` fragment.
 * For an admin, a name missing among their own rows falls back to the only row of that name anyone has;
 * a name several others use stays unresolved (which one was meant cannot be told).
 */
export async function resolveOwnedNames<Row extends { ownerId: string | null }>(
  names: readonly string[],
  owner: NameOwner,
  find: (names: string[], where: { ownerId?: string | null }) => Promise<Row[]>,
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
