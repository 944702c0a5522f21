/**
 * Which saved workflows use an MCP server: deleting a server is allowed, but runs of those
 * versions would then fail ("MCP server 'x' not found"), and changing what it runs changes what
 * every one of those runs does — so the UI shows this list first, and the audit log keeps it.
 */
import type { WorkflowReference } from '@/lib/contracts/mcp-servers'
import { collectMcpServerIds, parseGraphDocument } from '@/lib/graph'
import { canSee, type Principal } from '../auth/principal'
import type { Prisma } from '../db/database'
import { nameOwnerFrom, ownerNamesWhere } from '../auth/name-owner'

/** Every workflow using a server, with who owns it (kept server-side: the owner is not shown). */
export interface OwnedWorkflowReference extends WorkflowReference {
  workspaceId: string | null
}

function graphUsesServer(graph: unknown, serverId: string): boolean {
  // Cheap pre-check: most graphs never mention the id at all.
  if (!JSON.stringify(graph ?? null).includes(JSON.stringify(serverId))) return false
  const parsed = parseGraphDocument(graph)
  // A version that does not parse cannot be run, so it cannot fail for want of this server.
  return parsed.ok && collectMcpServerIds(parsed.document).includes(serverId)
}

/** The server a reference names: its id means this server in its workspace's workflows (auth/name-owner.ts). */
export interface ReferencedServer {
  id: string
  workspaceId: string | null
}

/** All workflows using the server: its workspace's, since another workspace's workflow naming the same id means its own server. For the audit log and for admins. */
export async function allWorkflowsReferencingServer(prisma: Pick<Prisma, 'workflowVersion'>, server: ReferencedServer): Promise<OwnedWorkflowReference[]> {
  const serverId = server.id
  const versions = await prisma.workflowVersion.findMany({
    // A deleted workflow's versions (kept for its runs) are never run again.
    where: { workflow: { deletedAt: null, ...ownerNamesWhere(nameOwnerFrom(server.workspaceId, null)) } },
    select: { version: true, graph: true, workflow: { select: { id: true, name: true, workspaceId: true } } },
    orderBy: [{ workflowId: 'asc' }, { version: 'asc' }],
  })
  const newest = new Map<string, number>()
  const byWorkflow = new Map<string, OwnedWorkflowReference>()
  for (const row of versions) {
    const workflowId = row.workflow.id
    newest.set(workflowId, Math.max(newest.get(workflowId) ?? 0, row.version))
    if (!graphUsesServer(row.graph, serverId)) continue
    const reference = byWorkflow.get(workflowId) ?? {
      workflowId,
      workflowName: row.workflow.name,
      workspaceId: row.workflow.workspaceId,
      versions: [],
      latest: false,
    }
    reference.versions.push(row.version)
    byWorkflow.set(workflowId, reference)
  }
  return [...byWorkflow.values()]
    .map((reference) => ({ ...reference, latest: reference.versions.includes(newest.get(reference.workflowId) ?? -1) }))
    .sort((a, b) => a.workflowName.localeCompare(b.workflowName))
}

/** The references the principal may see, without their workspaces. */
export function visibleReferences(principal: Principal, references: readonly OwnedWorkflowReference[]): WorkflowReference[] {
  return references.filter((reference) => canSee(principal, reference.workspaceId)).map(({ workspaceId: _workspaceId, ...reference }) => reference)
}

/** The workflows using a server that the principal may see (admins: all). */
export async function workflowsReferencingServer(
  prisma: Pick<Prisma, 'workflowVersion'>,
  principal: Principal,
  server: ReferencedServer,
): Promise<WorkflowReference[]> {
  return visibleReferences(principal, await allWorkflowsReferencingServer(prisma, server))
}
