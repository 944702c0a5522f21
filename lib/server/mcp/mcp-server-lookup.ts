/**
 * Finds MCP servers by the ids people and documents name. An id is unique among its owner's servers
 * only (another owner's `github` is theirs alone), so every lookup says whose ids it reads
 * (auth/name-owner.ts); the row found is then addressed by its `rowId`.
 */
import type { Prisma } from '../db/database'
import { resolveOwnedNames, type NameOwner } from '../auth/name-owner'

type McpServerRecord = NonNullable<Awaited<ReturnType<Prisma['mcpServer']['findFirst']>>>

/** The owner's servers of these ids, by id (an id the owner has no server of is missing from the map). */
export async function resolveMcpServers(prisma: Pick<Prisma, 'mcpServer'>, ids: readonly string[], owner: NameOwner): Promise<Map<string, McpServerRecord>> {
  return resolveOwnedNames(
    ids,
    owner,
    (names, where) => prisma.mcpServer.findMany({ where: { id: { in: names }, ...where } }),
    (row) => row.id,
  )
}

export async function resolveMcpServer(prisma: Pick<Prisma, 'mcpServer'>, id: string, owner: NameOwner): Promise<McpServerRecord | undefined> {
  return (await resolveMcpServers(prisma, [id], owner)).get(id)
}
