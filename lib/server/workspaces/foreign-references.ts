/**
 * A saved document names only what its own workspace has (issue #30). A run reads the names of its workflow's (or
 * saved agent's) workspace, so a saved agent, MCP server, skill or sub-workflow of another workspace would fail the
 * run later; a save that names one is refused (422 `foreign_reference`, each node and name in `details.references`)
 * and nothing is stored.
 *
 * "Another workspace's" means one the saver can see, in a workspace other than the document's. A name found nowhere
 * the saver can see is not refused here: a thing deleted after it was placed is the editor's Problems panel's and the
 * run check's business (refusing it would make every workflow that used it unsaveable until edited), and telling
 * "exists where you cannot see" from "does not exist" would say what other workspaces hold.
 *
 * An admin's documents are not checked (their names reach another workspace's rows, auth/name-owner.ts), nor rows from
 * before workspaces (no workspace). File skills are everyone's: a stored skill elsewhere with a file skill's name is
 * the file skill here.
 */
import { nodeKindDefinition, type AgentSettings, type GraphDocument } from '@/lib/graph'
import type { NameOwner } from '../auth/name-owner'
import { visibleTo, type Principal } from '../auth/principal'
import type { Prisma } from '../db/database'
import { DomainError } from '../domain-errors'
import { fileSkillNames, skillDirectoriesFromEnv } from '../skills/file-skills'

export type ReferenceKind = 'agent' | 'mcp_server' | 'skill' | 'workflow' | 'credential'

/** One name a document uses: in which node (none for a saved agent's own definition), of what kind. */
export interface DocumentReference {
  nodeId?: string
  kind: ReferenceKind
  name: string
}

/** A name that means another workspace's thing, with that workspace. */
export interface ForeignReference extends DocumentReference {
  workspaceId: string
  workspaceName: string
}

const KIND_WORDS: Record<ReferenceKind, string> = {
  agent: 'saved agent',
  mcp_server: 'MCP server',
  skill: 'skill',
  workflow: 'sub-workflow',
  credential: 'model credential',
}

/** Every saved agent, MCP server, skill and sub-workflow the document's nodes name, node by node. */
export function documentReferences(document: GraphDocument): DocumentReference[] {
  const found: DocumentReference[] = []
  for (const node of document.nodes) {
    const uses = nodeKindDefinition(node.kind).references(node)
    const add = (kind: ReferenceKind, name: string) => {
      if (name.trim() !== '' && !found.some((ref) => ref.nodeId === node.id && ref.kind === kind && ref.name === name))
        found.push({ nodeId: node.id, kind, name })
    }
    for (const { settings } of uses.agents) {
      for (const id of settings.mcpServerIds) add('mcp_server', id)
      for (const id of settings.skillIds) add('skill', id)
      if (settings.model.credentialId) add('credential', settings.model.credentialId)
    }
    for (const ref of uses.savedAgents) add('agent', ref.id)
    for (const ref of uses.subWorkflows) add('workflow', ref.id)
  }
  return found
}

/** The MCP servers, skills and model credential a saved agent's definition names. */
export function definitionReferences(definition: Pick<AgentSettings, 'mcpServerIds' | 'skillIds' | 'model'>): DocumentReference[] {
  return [
    ...[...new Set(definition.mcpServerIds)].map((name) => ({ kind: 'mcp_server' as const, name })),
    ...[...new Set(definition.skillIds)].map((name) => ({ kind: 'skill' as const, name })),
    ...(definition.model.credentialId ? [{ kind: 'credential' as const, name: definition.model.credentialId }] : []),
  ]
}

/** Throws 422 `foreign_reference` when one of the names means another workspace's thing for this saver. */
export async function refuseForeignReferences(prisma: Prisma, principal: Principal, owner: NameOwner, uses: readonly DocumentReference[]): Promise<void> {
  const foreign = await findForeignReferences(prisma, principal, owner, uses)
  if (foreign.length === 0) return
  const listed = foreign
    .slice(0, 5)
    .map((ref) => `the ${KIND_WORDS[ref.kind]} "${ref.name}"${ref.nodeId ? ` (node ${ref.nodeId})` : ''} is in workspace "${ref.workspaceName}"`)
    .join('; ')
  const more = foreign.length > 5 ? ` and ${foreign.length - 5} more` : ''
  throw new DomainError(
    'foreign_reference',
    `This names what its workspace does not have: ${listed}${more}. A run reads names in its own workspace: use that workspace's, or move or copy them there first.`,
    { references: foreign },
  )
}

export async function findForeignReferences(
  prisma: Prisma,
  principal: Principal,
  owner: NameOwner,
  uses: readonly DocumentReference[],
): Promise<ForeignReference[]> {
  const here = owner.workspaceId
  if (here === null || owner.isAdmin || uses.length === 0) return []
  const names = (kind: ReferenceKind) => [...new Set(uses.filter((ref) => ref.kind === kind).map((ref) => ref.name))]
  // The rows of these names here and wherever else the saver can see them, with their workspace.
  const where = { OR: [{ workspaceId: here }, visibleTo(principal)] }
  const workspace = { select: { name: true } } as const
  const [servers, skills, agents, workflows, credentials] = await Promise.all([
    lookUp(names('mcp_server'), (ids) =>
      prisma.mcpServer.findMany({ where: { id: { in: ids }, ...where }, select: { id: true, workspaceId: true, workspace } }),
    ),
    lookUp(names('skill'), (ids) =>
      prisma.skill
        .findMany({ where: { name: { in: ids }, ...where }, select: { name: true, workspaceId: true, workspace } })
        .then((rows) => rows.map(({ name, ...row }) => ({ id: name, ...row }))),
    ),
    lookUp(names('agent'), (ids) => prisma.agent.findMany({ where: { id: { in: ids }, ...where }, select: { id: true, workspaceId: true, workspace } })),
    lookUp(names('workflow'), (ids) =>
      prisma.workflow.findMany({ where: { id: { in: ids }, deletedAt: null, ...where }, select: { id: true, workspaceId: true, workspace } }),
    ),
    lookUp(names('credential'), (ids) =>
      prisma.providerCredential.findMany({ where: { id: { in: ids }, ...where }, select: { id: true, workspaceId: true, workspace } }),
    ),
  ])
  const rowsByKind: Record<ReferenceKind, readonly FoundRow[]> = {
    mcp_server: servers,
    skill: skills,
    agent: agents,
    workflow: workflows,
    credential: credentials,
  }
  const elsewhere = (kind: ReferenceKind, name: string) => {
    const rows = rowsByKind[kind].filter((row) => row.id === name)
    if (rows.some((row) => row.workspaceId === here)) return undefined
    return rows.find((row): row is FoundRow & { workspaceId: string } => row.workspaceId !== null)
  }
  const candidates = uses.flatMap((ref) => {
    const row = elsewhere(ref.kind, ref.name)
    return row ? [{ ...ref, workspaceId: row.workspaceId, workspaceName: row.workspace?.name ?? row.workspaceId }] : []
  })
  const skillNames = candidates.filter((ref) => ref.kind === 'skill').map((ref) => ref.name)
  const fileSkills = skillNames.length > 0 ? await fileSkillNames(skillDirectoriesFromEnv(), skillNames) : new Set<string>()
  return candidates.filter((ref) => ref.kind !== 'skill' || !fileSkills.has(ref.name))
}

interface FoundRow {
  id: string
  workspaceId: string | null
  workspace: { name: string } | null
}

function lookUp(ids: string[], query: (ids: string[]) => Promise<FoundRow[]>): Promise<FoundRow[]> {
  return ids.length === 0 ? Promise.resolve([]) : query(ids)
}
