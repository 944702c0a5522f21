/**
 * The server facts one document's check needs (lib/graph's serverFactProblems), for a run's create:
 * only the MCP servers, skills and saved agents the graph names, in one statement (none when it
 * names none), the file skills' names from the process's cache (file-skills.ts), and the person's
 * workflows only when the graph runs sub-workflows (a loop through them needs them all). The
 * editor still reads every fact (server-facts.ts): it offers them to choose from. Both give the
 * same problems for the document, because a fact the document does not name is never consulted.
 *
 * A run reads names as its workflow's (issue #30; auth/name-owner.ts), so the MCP servers, skills and saved agents
 * and the sub-workflows are looked for in the workflow's workspace, whoever starts the run (a runner of a team workspace
 * runs what its editors made); an admin's workflow also reaches them elsewhere, as its run does; a workflow in no workspace (from
 * before sign-in) looks at its starter's own.
 */
import { collectAgentRefs, collectMcpServerIds, collectSkillIds, collectSubWorkflowRefs, type GraphDocument, type ServerFacts } from '@/lib/graph'
import type { AppContext } from '../app-context'
import type { NameOwner } from '../auth/name-owner'
import { isAdmin, type Principal } from '../auth/principal'
import { fileSkillNames, skillDirectoriesFromEnv } from '../skills/file-skills'
import { loadWorkflowFacts, providersConfigured, savedAgentFactsOf, type SavedAgentFactRow } from './server-facts'

type FactRow = { kind: 'server' | 'skill' } & Partial<SavedAgentFactRow> & { id: string }

/** What the check reads from the process's environment: which model providers are configured. */
function environmentFacts(env: NodeJS.ProcessEnv): Pick<ServerFacts, 'openAiConfigured' | 'providersConfigured'> {
  // The same test as lib/core's createChatClientFromEnv: a blank key is no key.
  return { openAiConfigured: Boolean(env.OPENAI_API_KEY?.trim()), providersConfigured: providersConfigured(env) }
}

/** The environment facts as a key: a check that read nothing else holds while this is unchanged (runs/checked-versions.ts). */
export function environmentFactsKey(env: NodeJS.ProcessEnv = process.env): string {
  return JSON.stringify(environmentFacts(env))
}

/** Whether the document names anything the server offers (MCP servers, skills, saved agents, sub-workflows): its check reads them. */
export function namesServerFacts(document: GraphDocument): boolean {
  return (
    collectMcpServerIds(document).length + collectSkillIds(document).length + collectAgentRefs(document).length + collectSubWorkflowRefs(document).length > 0
  )
}

export async function loadDocumentFacts(
  app: AppContext,
  principal: Principal,
  document: GraphDocument,
  /** Whose names the document's are: its workflow's workspace, and whether an admin made it. */
  names: NameOwner,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ServerFacts> {
  const serverIds = collectMcpServerIds(document)
  const skillIds = collectSkillIds(document)
  const agentIds = [...new Set(collectAgentRefs(document).map((ref) => ref.agentId))]
  const named = serverIds.length + skillIds.length + agentIds.length > 0
  const [rows, workflows] = await Promise.all([
    named
      ? app.db.sql.query<FactRow | (SavedAgentFactRow & { kind: 'agent' })>(
          `SELECT 'server' AS kind, s.id, NULL AS name, NULL::boolean AS "hasApiKey", NULL::int AS version, NULL::jsonb AS model
           FROM "McpServer" s WHERE s.id = ANY($1::text[]) AND (s."workspaceId" = $6::text OR $7::boolean OR ($6::text IS NULL AND ($4::boolean OR s."ownerId" = $5::text)))
           UNION ALL
           SELECT 'skill', k.name, NULL, NULL, NULL, NULL FROM "Skill" k WHERE k.name = ANY($2::text[]) AND (k."workspaceId" = $6::text OR $7::boolean OR ($6::text IS NULL AND ($4::boolean OR k."ownerId" = $5::text)))
           UNION ALL
           SELECT 'agent', a.id, a.name, a."apiKey" IS NOT NULL, v.version, v.definition->'model'
           FROM "Agent" a JOIN "AgentVersion" v ON v."agentId" = a.id WHERE a.id = ANY($3::text[]) AND (a."workspaceId" = $6::text OR $7::boolean OR ($6::text IS NULL AND ($4::boolean OR a."ownerId" = $5::text)))`,
          [serverIds, skillIds, agentIds, isAdmin(principal), principal.userId, names.workspaceId, names.isAdmin],
        )
      : Promise.resolve([]),
    // A run reads its sub-workflows in its workflow's workspace too (run-setup.ts's runScope), an admin's run anywhere.
    collectSubWorkflowRefs(document).length > 0
      ? loadWorkflowFacts(app, principal, isAdmin(principal) || names.workspaceId === null ? undefined : names.workspaceId)
      : Promise.resolve([]),
  ])
  const storedSkills = new Set(rows.filter((row) => row.kind === 'skill').map((row) => row.id))
  const onDisk = skillIds.filter((id) => !storedSkills.has(id))
  const fileSkills = onDisk.length > 0 ? await fileSkillNames(skillDirectoriesFromEnv(env), onDisk) : new Set<string>()
  return {
    ...environmentFacts(env),
    savedAgents: savedAgentFactsOf(rows.filter((row): row is SavedAgentFactRow & { kind: 'agent' } => row.kind === 'agent')),
    mcpServerIds: rows.filter((row) => row.kind === 'server').map((row) => row.id),
    skillIds: [...storedSkills, ...onDisk.filter((id) => fileSkills.has(id))],
    workflows,
  }
}
