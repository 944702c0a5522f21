/**
 * The facts lib/graph's serverFactProblems checks a document against, as they stand for one
 * person: the editor reads them (GET /api/server-facts, as each editor opens) and a run is refused
 * on them when queued, so both say the same words. With a workspace (the open workflow's: issue #30),
 * only that workspace's MCP servers, skills, saved agents and workflows count, as when its runs read
 * names: a reference to another workspace's is then a problem in the editor, not a surprise at run time.
 */
import { ModelSettingsSchema, parseGraphDocument, subWorkflowIdsOf, type SavedAgentFacts, type ServerFacts, type WorkflowFacts } from '@/lib/graph'
import type { AppContext } from '../app-context'
import { isAdmin, visibleTo, type Principal } from '../auth/principal'
import { skillLibrary } from '../skills/skills-service'

export async function loadServerFacts(app: AppContext, principal: Principal, workspaceId?: string, env: NodeJS.ProcessEnv = process.env): Promise<ServerFacts> {
  const [servers, skills, workflows, savedAgents] = await Promise.all([
    app.db.prisma.mcpServer.findMany({ where: inWorkspace(principal, workspaceId), select: { id: true } }),
    skillLibrary(app).list(principal, workspaceId),
    loadWorkflowFacts(app, principal, workspaceId),
    loadSavedAgentFacts(app, principal, workspaceId),
  ])
  return {
    // The same test as lib/core's createChatClientFromEnv: a blank key is no key.
    openAiConfigured: Boolean(env.OPENAI_API_KEY?.trim()),
    providersConfigured: providersConfigured(env),
    savedAgents,
    // An admin sees every owner's servers, and ids repeat across owners.
    mcpServerIds: [...new Set(servers.map((server) => server.id))],
    skillIds: skills.skills.map((skill) => skill.name),
    workflows,
  }
}

/** Whether the native providers' server keys are set (blank is none), as chatClientFor reads them. */
export function providersConfigured(env: NodeJS.ProcessEnv): { anthropic: boolean; gemini: boolean; azure_openai: boolean } {
  return {
    anthropic: Boolean(env.ANTHROPIC_API_KEY?.trim()),
    gemini: Boolean(env.GEMINI_API_KEY?.trim() || env.GOOGLE_API_KEY?.trim()),
    azure_openai: Boolean(env.AZURE_OPENAI_ENDPOINT?.trim() && env.AZURE_OPENAI_API_KEY?.trim()),
  }
}

/** The rows the principal sees, of one workspace when named (one they cannot see: none). */
function inWorkspace(principal: Principal, workspaceId: string | undefined): { workspaceId?: { in: string[] }; AND?: Array<{ workspaceId: string }> } {
  return { ...visibleTo(principal), ...(workspaceId === undefined ? {} : { AND: [{ workspaceId }] }) }
}

/**
 * The person's workflows (of one workspace when named) with the sub-workflows each one's latest version runs (a
 * sub-workflow loop is found through them).
 */
export async function loadWorkflowFacts(app: AppContext, principal: Principal, workspaceId?: string): Promise<WorkflowFacts[]> {
  const workflows = await app.db.prisma.workflow.findMany({
    where: { ...inWorkspace(principal, workspaceId), deletedAt: null },
    select: { id: true, name: true, versions: { orderBy: { version: 'desc' }, take: 1, select: { id: true } } },
  })
  const subWorkflows = await subWorkflowIdsOfVersions(
    app,
    workflows.flatMap((workflow) => workflow.versions.map((version) => version.id)),
  )
  return workflows.map((workflow) => {
    const latest = workflow.versions[0]
    return { id: workflow.id, name: workflow.name, subWorkflowIds: (latest && subWorkflows.get(latest.id)) ?? [] }
  })
}

/** Versions kept in the cache below; beyond it the oldest entries go (a few strings each). */
const CACHED_VERSIONS = 10_000
/** The sub-workflows each version's graph runs, by version id: a version's graph never changes once saved. */
const subWorkflowIdsByVersion = new Map<string, string[]>()

/**
 * What each version's graph runs as sub-workflows. A graph is read from Postgres and parsed once per process:
 * reading and parsing every workflow's graph on each call made opening the editor slower with each workflow
 * saved (a 1,000-node graph is about 300 kB).
 */
async function subWorkflowIdsOfVersions(app: AppContext, versionIds: string[]): Promise<Map<string, string[]>> {
  const answer = new Map<string, string[]>()
  const missing: string[] = []
  for (const id of versionIds) {
    const known = subWorkflowIdsByVersion.get(id)
    if (known) answer.set(id, known)
    else missing.push(id)
  }
  if (missing.length === 0) return answer
  const versions = await app.db.prisma.workflowVersion.findMany({ where: { id: { in: missing } }, select: { id: true, graph: true } })
  for (const version of versions) {
    const parsed = parseGraphDocument(version.graph)
    const ids = parsed.ok ? subWorkflowIdsOf(parsed.document) : []
    answer.set(version.id, ids)
    remember(version.id, ids)
  }
  return answer
}

function remember(versionId: string, subWorkflowIds: string[]): void {
  subWorkflowIdsByVersion.set(versionId, subWorkflowIds)
  if (subWorkflowIdsByVersion.size > CACHED_VERSIONS) subWorkflowIdsByVersion.delete(subWorkflowIdsByVersion.keys().next().value!)
}

const modelEndpoint = ModelSettingsSchema.pick({ provider: true, baseUrl: true, credentialId: true })

/**
 * Every version's model of the agents the person may use (those of one workspace when named), in one statement that
 * reads only the model of each definition (instructions can be long and are not needed here).
 */
async function loadSavedAgentFacts(app: AppContext, principal: Principal, workspaceId: string | undefined): Promise<SavedAgentFacts[]> {
  const rows = await app.db.sql.query<SavedAgentFactRow>(
    `SELECT a.id, a.name, a."apiKey" IS NOT NULL AS "hasApiKey", v.version, v.definition->'model' AS model
     FROM "Agent" a JOIN "AgentVersion" v ON v."agentId" = a.id
     WHERE ($1::boolean OR a."ownerId" = $2::text OR a."workspaceId" = ANY($3::text[])) AND ($4::text IS NULL OR a."workspaceId" = $4::text)
     ORDER BY a.id, v.version`,
    [isAdmin(principal), principal.userId, principal.memberships.map((member) => member.workspaceId), workspaceId ?? null],
  )
  return savedAgentFactsOf(rows)
}

/** A saved agent's version with its model (only the model of the definition is read). */
export interface SavedAgentFactRow {
  id: string
  name: string
  hasApiKey: boolean
  version: number
  model: unknown
}

/** The rows of agents' versions, ordered by agent and version, as each agent's facts. */
export function savedAgentFactsOf(rows: readonly SavedAgentFactRow[]): SavedAgentFacts[] {
  const agents = new Map<string, SavedAgentFacts>()
  for (const row of rows) {
    const agent = agents.get(row.id) ?? { id: row.id, name: row.name, hasApiKey: row.hasApiKey, versions: [] }
    agents.set(row.id, agent)
    // Definitions were checked when saved; a row edited by hand counts as the default model, which needs no key.
    const model = modelEndpoint.safeParse(row.model ?? {})
    agent.versions.push({ version: row.version, model: model.success ? model.data : { provider: 'default' } })
  }
  return [...agents.values()]
}
