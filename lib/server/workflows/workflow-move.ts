/**
 * Moving a workflow to another workspace (issue #30): the caller needs the editor role in both. What its latest
 * version names by id or name — MCP servers, stored skills, saved agents, sub-workflows — must be in the target
 * workspace too, since a run reads names in its workflow's workspace: otherwise nothing moves, and the 409
 * `missing_references` names each one that would break. Its runs, approvals and share links move with it; its
 * MCP tool offer goes (a tool name is unique per workspace, so the target may have it already).
 */
import { collectAgentRefs, collectMcpServerIds, collectSkillIds, collectSubWorkflowRefs, parseGraphDocument } from '@/lib/graph'
import { recordAudit } from '../audit/audit-log'
import { canSee, requireRole, visibleTo, type Principal } from '../auth/principal'
import type { Prisma } from '../db/database'
import { conflict, notFound } from '../domain-errors'

export interface MissingReferences {
  mcpServers: string[]
  skills: string[]
  agents: string[]
  workflows: string[]
}

export async function moveWorkflow(prisma: Prisma, principal: Principal, id: string, workspaceId: string): Promise<{ id: string; workspaceId: string }> {
  const workflow = await prisma.workflow.findFirst({
    where: { id, deletedAt: null, ...visibleTo(principal) },
    select: { id: true, name: true, workspaceId: true, versions: { orderBy: { version: 'desc' }, take: 1, select: { graph: true } } },
  })
  if (!workflow) throw notFound('Workflow', id)
  requireRole(principal, workflow.workspaceId, 'editor')
  if (!canSee(principal, workspaceId) || !(await prisma.workspace.findUnique({ where: { id: workspaceId }, select: { id: true } }))) {
    throw notFound('Workspace', workspaceId)
  }
  requireRole(principal, workspaceId, 'editor')
  if (workflow.workspaceId === workspaceId) return { id, workspaceId }
  const missing = await missingIn(prisma, workspaceId, workflow.workspaceId, workflow.versions[0]?.graph)
  if (Object.values(missing).some((names) => names.length > 0)) {
    const list = Object.entries(missing)
      .filter(([, names]) => names.length > 0)
      .map(([kind, names]) => `${kind} ${(names as string[]).map((name) => `'${name}'`).join(', ')}`)
      .join('; ')
    throw conflict('missing_references', `The target workspace lacks what this workflow uses: ${list}. Move or add them first.`, { missing })
  }
  await prisma.$transaction(async (tx) => {
    await tx.workflow.update({ where: { id }, data: { workspaceId } })
    await tx.run.updateMany({ where: { workflowId: id }, data: { workspaceId } })
    await tx.approvalRequest.updateMany({ where: { run: { workflowId: id } }, data: { workspaceId } })
    await tx.shareLink.updateMany({ where: { run: { workflowId: id } }, data: { workspaceId } })
    await tx.mcpToolOffer.deleteMany({ where: { workflowId: id } })
    const details = { from: workflow.workspaceId ?? null, to: workspaceId, name: workflow.name }
    await recordAudit(tx, { actorId: principal.userId, action: 'workflow.move', resourceType: 'workflow', resourceId: id, details, workspaceId })
  })
  return { id, workspaceId }
}

/** What the graph names that the target workspace does not have (a skill no workspace stores is a file skill: everyone's). */
async function missingIn(prisma: Prisma, target: string, source: string | null, graph: unknown): Promise<MissingReferences> {
  const parsed = parseGraphDocument(graph)
  if (!parsed.ok) return { mcpServers: [], skills: [], agents: [], workflows: [] }
  const document = parsed.document
  const serverIds = [...new Set(collectMcpServerIds(document))]
  const skillNames = [...new Set(collectSkillIds(document))]
  const agentIds = [...new Set(collectAgentRefs(document).map((ref) => ref.agentId))]
  const workflowIds = [...new Set(collectSubWorkflowRefs(document).map((ref) => ref.workflowId))]
  const [servers, skills, storedInSource, agents, workflows] = await Promise.all([
    prisma.mcpServer.findMany({ where: { workspaceId: target, id: { in: serverIds } }, select: { id: true } }),
    prisma.skill.findMany({ where: { workspaceId: target, name: { in: skillNames } }, select: { name: true } }),
    prisma.skill.findMany({ where: { workspaceId: source, name: { in: skillNames } }, select: { name: true } }),
    prisma.agent.findMany({ where: { workspaceId: target, id: { in: agentIds } }, select: { id: true } }),
    prisma.workflow.findMany({ where: { workspaceId: target, id: { in: workflowIds }, deletedAt: null }, select: { id: true } }),
  ])
  const has = (rows: ReadonlyArray<Record<string, string>>, key: string) => new Set(rows.map((row) => row[key]))
  const stored = has(storedInSource, 'name')
  return {
    mcpServers: serverIds.filter((serverId) => !has(servers, 'id').has(serverId)),
    skills: skillNames.filter((name) => stored.has(name) && !has(skills, 'name').has(name)),
    agents: agentIds.filter((agentId) => !has(agents, 'id').has(agentId)),
    workflows: workflowIds.filter((workflowId) => !has(workflows, 'id').has(workflowId)),
  }
}
