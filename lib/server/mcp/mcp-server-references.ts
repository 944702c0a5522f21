/**
 * Which saved workflows use an MCP server: deleting a server is allowed, but runs of those
 * versions would then fail ("MCP server 'x' not found"), so the UI warns with this list first.
 */
import { collectMcpServerIds, parseGraphDocument } from '@/lib/graph'
import type { Prisma } from '../db/database'

export interface WorkflowReference {
  workflowId: string
  workflowName: string
  /** The saved versions whose graph uses the server, ascending. */
  versions: number[]
  /** Whether the newest version uses it (what a new run would start from). */
  latest: boolean
}

function graphUsesServer(graph: unknown, serverId: string): boolean {
  // Cheap pre-check: most graphs never mention the id at all.
  if (!JSON.stringify(graph ?? null).includes(JSON.stringify(serverId))) return false
  const parsed = parseGraphDocument(graph)
  // A version that does not parse cannot be run, so it cannot fail for want of this server.
  return parsed.ok && collectMcpServerIds(parsed.document).includes(serverId)
}

export async function workflowsReferencingServer(prisma: Prisma, serverId: string): Promise<WorkflowReference[]> {
  const versions = await prisma.workflowVersion.findMany({
    select: { version: true, graph: true, workflow: { select: { id: true, name: true } } },
    orderBy: [{ workflowId: 'asc' }, { version: 'asc' }],
  })
  const newest = new Map<string, number>()
  const byWorkflow = new Map<string, WorkflowReference>()
  for (const row of versions) {
    const workflowId = row.workflow.id
    newest.set(workflowId, Math.max(newest.get(workflowId) ?? 0, row.version))
    if (!graphUsesServer(row.graph, serverId)) continue
    const reference = byWorkflow.get(workflowId) ?? { workflowId, workflowName: row.workflow.name, versions: [], latest: false }
    reference.versions.push(row.version)
    byWorkflow.set(workflowId, reference)
  }
  return [...byWorkflow.values()]
    .map((reference) => ({ ...reference, latest: reference.versions.includes(newest.get(reference.workflowId) ?? -1) }))
    .sort((a, b) => a.workflowName.localeCompare(b.workflowName))
}
