/**
 * Which workflows and saved agents are offered as tools at `/mcp`, and under what names. A name is
 * unique within one workspace's tools (workflows and agents together: one table, one index). An offer
 * belongs to the workflow's or agent's workspace, whoever switched it on.
 */
import { mcpToolSlug, type McpToolOffer, type McpToolSetting } from '@/lib/contracts/mcp-tools'
import type { Prisma } from '../db/database'
import { conflict } from '../domain-errors'

/** What is offered: a workflow or an agent, with its name (for the default tool name) and owner. */
export interface OfferSubject {
  kind: 'workflow' | 'agent'
  id: string
  name: string
  ownerId: string | null
  workspaceId: string | null
}

const subjectKey = (subject: OfferSubject) => (subject.kind === 'workflow' ? { workflowId: subject.id } : { agentId: subject.id })

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === 'P2002'
}

/**
 * Switches the offer on (under `setting.name`, or a slug of the subject's name made unique with a
 * number) or off. A name another of the owner's tools has is a 409 `mcp_tool_name_taken`.
 */
export async function setMcpToolOffer(prisma: Prisma, subject: OfferSubject, setting: McpToolSetting, actingUserId: string): Promise<McpToolOffer> {
  const key = subjectKey(subject)
  if (!setting.offered) {
    await prisma.mcpToolOffer.deleteMany({ where: key })
    return null
  }
  const ownerId = subject.ownerId ?? actingUserId
  const { workspaceId } = subject
  const current = await prisma.mcpToolOffer.findFirst({ where: key, select: { name: true } })
  const name = setting.name ?? current?.name ?? (await freeName(prisma, workspaceId, mcpToolSlug(subject.name, subject.kind)))
  try {
    const row = await prisma.mcpToolOffer.upsert({ where: key, create: { ...key, ownerId, workspaceId, name }, update: { name, workspaceId } })
    return { name: row.name }
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('mcp_tool_name_taken', `Another workflow or agent of this workspace is already offered as the MCP tool '${name}'.`)
    throw error
  }
}

/** `base`, or `base_2`, `base_3`, … : the first the workspace has no tool of. */
async function freeName(prisma: Prisma, workspaceId: string | null, base: string): Promise<string> {
  const taken = new Set(
    (await prisma.mcpToolOffer.findMany({ where: { workspaceId, name: { startsWith: base } }, select: { name: true } })).map((row) => row.name),
  )
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `_${n}`
    const candidate = `${base.slice(0, 64 - suffix.length)}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}

/** A workflow's or agent's offer as its view shows it. */
export function presentOffer(row: { name: string } | null | undefined): McpToolOffer {
  return row ? { name: row.name } : null
}
