/**
 * Everything a run needs before its first superstep: the saved graph (and the graphs of the
 * sub-workflows it uses), the connected MCP servers, the agents' skills, and the compiled
 * lib/core Workflow. `close()` releases what was opened, whatever happened.
 *
 * A worker has no signed-in person: the run acts with its owner's rights. Sub-workflows and
 * stored skills load only when the run's owner may see them (an admin's run: all of them), so a
 * document naming someone else's workflow or skill fails at start rather than borrowing it.
 */
import type { MCPTool, Workflow } from '@/lib/core'
import {
  collectMcpServerIds,
  collectSkillIds,
  collectSubWorkflowRefs,
  compile,
  parseGraphDocument,
  type CompileRegistry,
  type GraphDocument,
} from '@/lib/graph'
import type { AppContext } from '../app-context'
import type { OwnerScope } from '../auth/principal'
import { closeMcpServers, connectMcpServers } from '../mcp/mcp-connections'
import { runAsMcpRun } from '../mcp/mcp-run-scope'
import type { TaskStatusSink } from '../mcp/mcp-task-events'
import { skillLibrary } from '../skills/skills-service'
import { builtinFunctionTool } from '../tools/builtin-function-tools'
import { chatClientFor } from './chat-clients'
import { InvalidSavedWorkflowError, MissingRunResourceError } from './run-errors'

const MAX_SUB_WORKFLOW_DEPTH = 8

export interface PreparedQueuedRun {
  document: GraphDocument
  workflow: Workflow
  /** Runs `work` (the workflow's execution) as this run's: MCP connections shared with other runs report its task statuses here. */
  asRun<T>(work: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

export function parseSaved(graph: unknown, what: string): GraphDocument {
  const parsed = parseGraphDocument(graph)
  if (!parsed.ok) throw new InvalidSavedWorkflowError(`${what} is not valid: ${parsed.problems.map((p) => p.message).join(' ')}`)
  return parsed.document
}

const subWorkflowKey = (workflowId: string, version: number | undefined) => `${workflowId}@${version ?? 'latest'}`

/** compile() is synchronous, so every sub-workflow document (recursively) is loaded first. */
async function loadSubWorkflows(app: AppContext, root: GraphDocument, visible: OwnerScope): Promise<Map<string, GraphDocument>> {
  const loaded = new Map<string, GraphDocument>()
  let frontier = collectSubWorkflowRefs(root)
  for (let depth = 0; frontier.length > 0; depth++) {
    if (depth >= MAX_SUB_WORKFLOW_DEPTH) throw new MissingRunResourceError(`Sub-workflows are nested more than ${MAX_SUB_WORKFLOW_DEPTH} deep.`)
    const next: typeof frontier = []
    for (const ref of frontier) {
      const key = subWorkflowKey(ref.workflowId, ref.version)
      if (loaded.has(key)) continue
      const row = await app.db.prisma.workflowVersion.findFirst({
        where: { workflowId: ref.workflowId, ...(ref.version === undefined ? {} : { version: ref.version }), workflow: visible },
        orderBy: { version: 'desc' },
      })
      if (!row) throw new MissingRunResourceError(`The sub-workflow ${key} does not exist, or the run's owner may not use it.`)
      const document = parseSaved(row.graph, `The sub-workflow ${key}`)
      loaded.set(key, document)
      next.push(...collectSubWorkflowRefs(document))
    }
    frontier = next
  }
  return loaded
}

/**
 * `document`: the run's saved graph, parsed (parseSaved; the worker keeps it per version);
 * `visible`: what the run's owner may use (the worker reads it with the run; run-lease.ts).
 */
export async function prepareQueuedRun(
  app: AppContext,
  runId: string,
  document: GraphDocument,
  visible: OwnerScope,
  signal: AbortSignal,
  taskStatusSink?: TaskStatusSink,
  /** What the caller adds to the registry: the stored conversation of a turn's agent. */
  extra: Pick<CompileRegistry, 'agentConversation'> = {},
): Promise<PreparedQueuedRun> {
  const subWorkflows = await loadSubWorkflows(app, document, visible)
  const documents = [document, ...subWorkflows.values()]
  const serverIds = [...new Set(documents.flatMap(collectMcpServerIds))]
  // compile() asks for skills synchronously: load and check every named skill first.
  const skills = await skillLibrary(app).resolverFor([...new Set(documents.flatMap(collectSkillIds))], visible)
  let mcpTools = new Map<string, MCPTool>()
  const close = () => closeMcpServers(mcpTools)
  try {
    const mcpContext = { app, runId, ownerScope: visible, samplingClient: chatClientFor({ provider: 'default' }), signal, taskStatusSink }
    mcpTools = await connectMcpServers(serverIds, mcpContext)
    const workflow = compile(document, {
      chatClient: (settings) => chatClientFor(settings),
      mcpServer: (id) => {
        const tool = mcpTools.get(id)
        if (!tool) throw new MissingRunResourceError(`MCP server '${id}' is not connected.`)
        return tool
      },
      functionTool: builtinFunctionTool,
      subWorkflow: (id, version) => subWorkflows.get(subWorkflowKey(id, version)),
      skills,
      agentConversation: extra.agentConversation,
    })
    return { document, workflow, asRun: (work) => runAsMcpRun(mcpContext, work), close }
  } catch (error) {
    await close()
    throw error
  }
}
