/**
 * Everything a run needs before its first superstep: the saved graph (and the graphs of the
 * sub-workflows it uses), the connected MCP servers, the agents' skills, and the compiled
 * lib/core Workflow. `close()` releases what was opened, whatever happened.
 *
 * A worker has no signed-in person: the run acts with its owner's rights. Sub-workflows and
 * stored skills load only when the run's owner may see them (an admin's run: all of them), so a
 * document naming someone else's workflow or skill fails at start rather than borrowing it.
 */
import type { ContextProvider, MCPTool, Workflow } from '@/lib/core'
import {
  builtinFunctionTool,
  chatClientFor,
  collectAgentRefs,
  collectAgentSettings,
  collectCredentialIds,
  collectMcpServerIds,
  collectSkillIds,
  collectSubWorkflowRefs,
  compile,
  MAX_SUB_WORKFLOW_DEPTH,
  type AgentSettingsLookup,
  type CompileRegistry,
  type FileAccessSettings,
  type GraphDocument,
  type ResolvedAgent,
} from '@/lib/graph'
import { loadAgentVersion } from '../../agents/agent-service'
import { fileAccessProviderFor } from '../../agents/file-roots'
import { openRunCredentials, settingsWithCredential } from './run-credentials'
import type { AppContext } from '../../app-context'
import type { RunScope } from '../../auth/principal'
import type { NameOwner } from '../../auth/name-owner'
import { closeMcpServers, connectMcpServers } from '../../mcp/mcp-connections'
import { runAsMcpRun } from '../../mcp/mcp-run-scope'
import type { TaskStatusSink } from '../../mcp/mcp-task-events'
import { pinnedFetch } from '../../outbound/pinned-connection'
import { skillLibrary } from '../../skills/skills-service'
import { MissingRunResourceError } from './run-errors'
import { parseSaved } from '../../workflows/saved-document'

export interface PreparedQueuedRun {
  document: GraphDocument
  workflow: Workflow
  /** Runs `work` (the workflow's execution) as this run's: MCP connections shared with other runs report its task statuses here. */
  asRun<T>(work: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

const subWorkflowKey = (workflowId: string, version: number | undefined) => `${workflowId}@${version ?? 'latest'}`

/** compile() is synchronous, so every sub-workflow document (recursively) is loaded first. */
async function loadSubWorkflows(app: AppContext, root: GraphDocument, visible: RunScope): Promise<Map<string, GraphDocument>> {
  const loaded = new Map<string, GraphDocument>()
  let frontier = collectSubWorkflowRefs(root)
  for (let depth = 0; frontier.length > 0; depth++) {
    if (depth >= MAX_SUB_WORKFLOW_DEPTH) throw new MissingRunResourceError(`Sub-workflows are nested more than ${MAX_SUB_WORKFLOW_DEPTH} deep.`)
    const next: typeof frontier = []
    for (const ref of frontier) {
      const key = subWorkflowKey(ref.workflowId, ref.version)
      if (loaded.has(key)) continue
      const row = await app.db.prisma.workflowVersion.findFirst({
        where: { workflowId: ref.workflowId, ...(ref.version === undefined ? {} : { version: ref.version }), workflow: { ...visible, deletedAt: null } },
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

const agentKey = (agentId: string, version: number | undefined) => `${agentId}@${version ?? 'latest'}`

/** The saved agents the documents' nodes refer to, loaded with the run owner's visibility (compile() is synchronous). */
async function loadSavedAgents(app: AppContext, documents: readonly GraphDocument[], visible: RunScope): Promise<Map<string, ResolvedAgent>> {
  const loaded = new Map<string, ResolvedAgent>()
  for (const ref of documents.flatMap(collectAgentRefs)) {
    const key = agentKey(ref.agentId, ref.version)
    if (loaded.has(key)) continue
    const agent = await loadAgentVersion(app, ref.agentId, ref.version ?? 'latest', visible)
    if (!agent) throw new MissingRunResourceError(`The saved agent ${key} does not exist, or the run's owner may not use it.`)
    // The agent's own key, opened for its client here only: the run acts with its owner's rights, who may use the agent.
    loaded.set(key, { name: agent.agentName, settings: agent.definition, ...(agent.apiKey === undefined ? {} : { apiKey: agent.apiKey }) })
  }
  return loaded
}

/** A run an admin started sees every workspace's rows (runScope): `{}`. */
const isAdminScope = (visible: RunScope): boolean => !('workspaceId' in visible)

const fileAccessKey = (settings: FileAccessSettings) => JSON.stringify([settings.root, settings.folder, settings.writes])

/** Every agent's folder, opened and checked against the allowed roots before compile() asks for it. */
async function openFileAccess(documents: readonly GraphDocument[], savedAgent: AgentSettingsLookup): Promise<Map<string, ContextProvider>> {
  const providers = new Map<string, ContextProvider>()
  for (const settings of documents.flatMap((document) => collectAgentSettings(document, savedAgent))) {
    if (!settings.fileAccess.enabled) continue
    const key = fileAccessKey(settings.fileAccess)
    if (!providers.has(key)) providers.set(key, await fileAccessProviderFor(settings.fileAccess))
  }
  return providers
}

/**
 * `document`: the run's saved graph, parsed (parseSaved; the worker keeps it per version);
 * `owner.visible`: what the run's owner may use (the worker reads it with the run; run-lease.ts);
 * `owner.names`: whose MCP server ids and skill names the document means (auth/name-owner.ts).
 */
export async function prepareQueuedRun(
  app: AppContext,
  runId: string,
  document: GraphDocument,
  { visible, names }: { visible: RunScope; names: NameOwner },
  signal: AbortSignal,
  taskStatusSink?: TaskStatusSink,
  /** What the caller adds to the registry (the stored conversation of a turn's agent, and its own key) and the workflow's Max steps. */
  extra: Pick<CompileRegistry, 'agentConversation' | 'agentApiKey'> & { maxSupersteps?: number; pinned?: ReadonlyMap<string, unknown> } = {},
): Promise<PreparedQueuedRun> {
  const subWorkflows = await loadSubWorkflows(app, document, visible)
  const documents = [document, ...subWorkflows.values()]
  const savedAgents = await loadSavedAgents(app, documents, visible)
  const savedAgent: AgentSettingsLookup = (id, version) => savedAgents.get(agentKey(id, version))?.settings
  const serverIds = [...new Set(documents.flatMap((each) => collectMcpServerIds(each, savedAgent)))]
  // compile() asks for skills and folders synchronously: load and check every named skill and folder first.
  const skills = await skillLibrary(app).resolverFor([...new Set(documents.flatMap((each) => collectSkillIds(each, savedAgent)))], names)
  const folders = await openFileAccess(documents, savedAgent)
  // The workspace credentials the agents chose (issue #32): the run's workspace's only, opened here as compile() is synchronous.
  const credentialIds = [...new Set(documents.flatMap((each) => collectCredentialIds(each, savedAgent)))]
  const credentials = await openRunCredentials(app, credentialIds, names.workspaceId, !isAdminScope(visible))
  let mcpTools = new Map<string, MCPTool>()
  const close = () => closeMcpServers(mcpTools)
  try {
    // Only a run with MCP servers needs their context, and its client for their sampling requests (an OpenAI client
    // when the server has a key: not one made per run for nothing).
    const mcpContext =
      serverIds.length === 0 ? undefined : { app, runId, nameOwner: names, samplingClient: chatClientFor({ provider: 'default' }), signal, taskStatusSink }
    if (mcpContext) mcpTools = await connectMcpServers(serverIds, mcpContext)
    // A base URL in an agent's settings is the run owner's choice: an admin's reaches anything, a member's only what the outbound policy allows.
    const baseUrlFetch = isAdminScope(visible) ? undefined : pinnedFetch(app.outbound)
    const workflow = compile(
      document,
      {
        chatClient: (settings, secrets) => {
          const credential = settings.credentialId === undefined ? undefined : credentials.get(settings.credentialId)
          if (!credential) return chatClientFor(settings, process.env, secrets, baseUrlFetch)
          // A chosen credential comes before the saved agent's own key and the server's.
          return chatClientFor(
            settingsWithCredential(settings, credential),
            process.env,
            { apiKey: credential.apiKey, ...(credential.apiVersion ? { apiVersion: credential.apiVersion } : {}) },
            baseUrlFetch,
          )
        },
        mcpServer: (id) => {
          const tool = mcpTools.get(id)
          if (!tool) throw new MissingRunResourceError(`MCP server '${id}' is not connected.`)
          return tool
        },
        functionTool: builtinFunctionTool,
        subWorkflow: (id, version) => subWorkflows.get(subWorkflowKey(id, version)),
        agent: (id, version) => savedAgents.get(agentKey(id, version)),
        fileAccess: (settings, where) => {
          const provider = folders.get(fileAccessKey(settings))
          if (!provider) throw new MissingRunResourceError(`${where}: its folder was not opened.`)
          return provider
        },
        skills,
        agentConversation: extra.agentConversation,
        agentApiKey: extra.agentApiKey,
      },
      { maxIterations: extra.maxSupersteps, pinned: extra.pinned },
    )
    // A run with no MCP server has no shared connection to report to it: no scope to enter (on Node 20 the first
    // AsyncLocalStorage entered turns on promise hooks for the whole process, about 5 % of a worker's CPU).
    const asRun: PreparedQueuedRun['asRun'] = mcpContext && mcpTools.size > 0 ? (work) => runAsMcpRun(mcpContext, work) : (work) => work()
    return { document, workflow, asRun, close }
  } catch (error) {
    await close()
    throw error
  }
}
