/**
 * The facts lib/graph's serverFactProblems checks a document against, as they stand for one
 * person: the editor reads them (GET /api/server-facts) and a run is refused on them when queued,
 * so both say the same words.
 */
import { parseGraphDocument, subWorkflowIdsOf, type ServerFacts } from '@/lib/graph'
import type { AppContext } from '../app-context'
import { ownedBy, type Principal } from '../auth/principal'
import { skillLibrary } from '../skills/skills-service'

export async function loadServerFacts(app: AppContext, principal: Principal, env: NodeJS.ProcessEnv = process.env): Promise<ServerFacts> {
  const [servers, skills, workflows] = await Promise.all([
    app.db.prisma.mcpServer.findMany({ where: ownedBy(principal), select: { id: true } }),
    skillLibrary(app).list(principal),
    app.db.prisma.workflow.findMany({
      where: { ...ownedBy(principal), deletedAt: null },
      select: { id: true, name: true, versions: { orderBy: { version: 'desc' }, take: 1, select: { graph: true } } },
    }),
  ])
  return {
    // The same test as lib/core's createChatClientFromEnv: a blank key is no key.
    openAiConfigured: Boolean(env.OPENAI_API_KEY?.trim()),
    mcpServerIds: servers.map((server) => server.id),
    skillIds: skills.skills.map((skill) => skill.name),
    workflows: workflows.map((workflow) => {
      const parsed = workflow.versions[0] ? parseGraphDocument(workflow.versions[0].graph) : undefined
      return { id: workflow.id, name: workflow.name, subWorkflowIds: parsed?.ok ? subWorkflowIdsOf(parsed.document) : [] }
    }),
  }
}
