/**
 * Problems a document has only on a given server: an agent (inline or saved) set to OpenAI where
 * no key would be sent, an MCP server or a skill the server does not know, a sub-workflow that runs its own
 * workflow (directly or through others). The document alone cannot tell; the server states its
 * facts (GET /api/validation-facts for the editor, the same facts when a run is queued), and both
 * sides check them here, so the editor's Problems panel and a refused run say the same words.
 */
import type { ModelSettings } from './agent-settings'
import type { GraphDocument, GraphNode } from './document'
import { collectSubWorkflowRefs } from './document-references'
import type { ValidationMemo } from './validation-memo'
import { nodeKindDefinition } from './node-kinds'
import type { SavedReference } from './node-kinds/definition'
import { error, warning, type GraphProblem } from './problems'

export interface WorkflowFacts {
  id: string
  name: string
  /** The workflows its latest version runs as sub-workflows. */
  subWorkflowIds: string[]
}

/** Which API an agent's model is, and where: all of its settings that decide the key it is sent. */
export type ModelEndpoint = Pick<ModelSettings, 'provider' | 'baseUrl'> & Partial<Pick<ModelSettings, 'credentialId'>>

/** A saved agent the person may place: whether it has its own API key, and each version's model. */
export interface SavedAgentFacts {
  id: string
  name: string
  /** Its own key goes to its model's server instead of the server's (never the key itself). */
  hasApiKey: boolean
  versions: Array<{ version: number; model: ModelEndpoint }>
}

export interface ServerFacts {
  /** Whether OPENAI_API_KEY is set: an agent set to OpenAI cannot run without it. */
  openAiConfigured: boolean
  /**
   * Whether ANTHROPIC_API_KEY, GEMINI_API_KEY (or GOOGLE_API_KEY), and AZURE_OPENAI_ENDPOINT with AZURE_OPENAI_API_KEY are
   * set; left out, nothing is claimed about them.
   */
  providersConfigured?: { anthropic: boolean; gemini: boolean; azure_openai?: boolean }
  /** The person's saved agents (what an agent_ref node runs). */
  savedAgents: SavedAgentFacts[]
  /** The MCP server ids a run of this person may connect. */
  mcpServerIds: string[]
  /** The skill names a run of this person may load. */
  skillIds: string[]
  /** The person's workflows. */
  workflows: WorkflowFacts[]
}

/**
 * `workflowId`: the workflow the document is (a version of); absent for a draft not yet saved,
 * which no other workflow can refer to yet.
 */
export function serverFactProblems(document: GraphDocument, facts: ServerFacts, workflowId?: string, memo?: ValidationMemo): GraphProblem[] {
  const problems: GraphProblem[] = []
  const known = knownFacts(facts)
  for (const node of document.nodes) {
    const check = () => nodeFactProblems(node, facts, known, workflowId)
    problems.push(...(memo ? memo.factCheck(node, facts, workflowId, check) : check()))
  }
  return problems
}

interface KnownFacts {
  servers: ReadonlySet<string>
  skills: ReadonlySet<string>
  workflows: ReadonlyMap<string, WorkflowFacts>
  savedAgents: ReadonlyMap<string, SavedAgentFacts>
}

function knownFacts(facts: ServerFacts): KnownFacts {
  return {
    servers: new Set(facts.mcpServerIds),
    skills: new Set(facts.skillIds),
    workflows: new Map(facts.workflows.map((workflow) => [workflow.id, workflow])),
    savedAgents: new Map(facts.savedAgents.map((agent) => [agent.id, agent])),
  }
}

function nodeFactProblems(node: GraphNode, facts: ServerFacts, known: KnownFacts, workflowId: string | undefined): GraphProblem[] {
  const problems: GraphProblem[] = []
  const at = { nodeId: node.id }
  const references = nodeKindDefinition(node.kind).references(node)
  for (const { settings, who } of references.agents) {
    const keyed = serverKeyNeeded(settings.model, false)
    if (keyed && !serverHasKey(facts, keyed)) {
      const { label, variable } = SERVER_KEYS[keyed]
      problems.push(
        error(
          'model_not_configured',
          `${who} uses ${apiName(settings.model)}, but the server has no ${label} key (${variable}). Choose the demo or default model.`,
          at,
        ),
      )
    }
    for (const id of settings.mcpServerIds) {
      if (!known.servers.has(id)) problems.push(error('unknown_mcp_server', `${who} uses the MCP server "${id}", which is not on the MCP servers page.`, at))
    }
    for (const id of settings.skillIds) {
      if (!known.skills.has(id)) problems.push(error('unknown_skill', `${who} uses the skill "${id}", which is not on the Skills page.`, at))
    }
  }
  for (const ref of references.savedAgents) problems.push(...savedAgentProblems(node.id, ref, known.savedAgents, facts))
  for (const ref of references.subWorkflows) problems.push(...subWorkflowProblems(node.id, ref.id, known.workflows, workflowId))
  return problems
}

/**
 * Whether an agent would be sent the server's OPENAI_API_KEY, and so cannot run without one: an
 * OpenAI API (Responses or Chat Completions) at the server's own endpoint, with no key of its own.
 * A base URL is never sent the server's key, and 'default' falls back to the demo model
 * (compile/chat-client-for.ts decides the same way when the run starts).
 */
export function needsServerKey(model: ModelEndpoint, hasOwnKey: boolean): boolean {
  return serverKeyNeeded(model, hasOwnKey) === 'openai'
}

/** The providers whose agents are sent a key of the server's when they have none of their own. */
export type KeyedProvider = 'openai' | 'anthropic' | 'gemini' | 'azure_openai'

const SERVER_KEYS: Record<KeyedProvider, { label: string; variable: string }> = {
  openai: { label: 'OpenAI', variable: 'OPENAI_API_KEY' },
  anthropic: { label: 'Anthropic', variable: 'ANTHROPIC_API_KEY' },
  gemini: { label: 'Gemini', variable: 'GEMINI_API_KEY or GOOGLE_API_KEY' },
  azure_openai: { label: 'Azure OpenAI', variable: 'AZURE_OPENAI_ENDPOINT and AZURE_OPENAI_API_KEY; a workspace credential brings its own' },
}

/** Which server key an agent would be sent (and cannot run without), as needsServerKey says for OpenAI; Ollama needs none. */
export function serverKeyNeeded(model: ModelEndpoint, hasOwnKey: boolean): KeyedProvider | undefined {
  // A workspace credential brings its own key (issue #32).
  if (model.baseUrl || hasOwnKey || model.credentialId) return undefined
  if (model.provider === 'openai' || model.provider === 'openai_chat') return 'openai'
  if (model.provider === 'anthropic' || model.provider === 'gemini' || model.provider === 'azure_openai') return model.provider
  return undefined
}

/** Facts from before the native providers say nothing of their keys: nothing is claimed then (a run still fails at start, naming the key). */
function serverHasKey(facts: ServerFacts, provider: KeyedProvider): boolean {
  if (provider === 'openai') return facts.openAiConfigured
  return facts.providersConfigured?.[provider] ?? true
}

function apiName(model: ModelEndpoint): string {
  switch (model.provider) {
    case 'openai_chat':
      return "OpenAI's Chat Completions API"
    case 'azure_openai':
      return 'Azure OpenAI'
    case 'anthropic':
      return 'Anthropic'
    case 'gemini':
      return 'Google Gemini'
    default:
      return 'OpenAI'
  }
}

/** A saved agent the workflow's workspace does not have, or one that would be sent the server's key where there is none. */
function savedAgentProblems(nodeId: string, ref: SavedReference, savedAgents: ReadonlyMap<string, SavedAgentFacts>, facts: ServerFacts): GraphProblem[] {
  const agent = savedAgents.get(ref.id)
  // No agent chosen yet is the node's own problem (missing_agent).
  if (ref.id.trim() === '') return []
  // A warning, not an error: such a run is queued and fails as it starts, naming the agent (run-setup.ts).
  if (!agent)
    return [
      warning('unknown_saved_agent', `The saved agent "${ref.id}" is not on the Agents page of this workflow's workspace: a run of it fails.`, { nodeId }),
    ]
  const version = savedAgentVersion(agent, ref.version)
  const keyed = version ? serverKeyNeeded(version.model, agent.hasApiKey) : undefined
  if (!version || !keyed || serverHasKey(facts, keyed)) return []
  const { label, variable } = SERVER_KEYS[keyed]
  const message = `Saved agent "${agent.name}" (v${version.version}) uses ${apiName(version.model)}, but neither it nor the server has an ${label} key (${variable}). Give the agent its own key or a base URL, or choose the demo or default model.`
  return [error('model_not_configured', message, { nodeId })]
}

/** The version a reference runs: the one it pins, or the latest. */
function savedAgentVersion(agent: SavedAgentFacts, version: number | undefined): SavedAgentFacts['versions'][number] | undefined {
  if (version !== undefined) return agent.versions.find((candidate) => candidate.version === version)
  return agent.versions.reduce<SavedAgentFacts['versions'][number] | undefined>(
    (latest, candidate) => (latest && latest.version > candidate.version ? latest : candidate),
    undefined,
  )
}

/**
 * A sub-workflow whose target is the workflow itself, or leads back to it (or into a loop of
 * others) through the targets' own sub-workflows, can only fail: it would nest without end.
 */
function subWorkflowProblems(nodeId: string, targetId: string, workflows: ReadonlyMap<string, WorkflowFacts>, selfId: string | undefined): GraphProblem[] {
  const at = { nodeId }
  const nameOf = (id: string) => `"${workflows.get(id)?.name ?? id}"`
  if (targetId === selfId) return [error('sub_workflow_cycle', `This sub-workflow runs its own workflow, ${nameOf(targetId)}: it would nest without end.`, at)]
  const target = workflows.get(targetId)
  if (!target) {
    return [
      error('missing_sub_workflow', `The sub-workflow runs the workflow "${targetId}", which no longer exists or is not in this workflow's workspace.`, at),
    ]
  }
  const path = loopFrom(targetId, workflows, selfId)
  if (!path) return []
  const chain = path.map(nameOf).join(' → ')
  const message =
    path[path.length - 1] === selfId
      ? `This sub-workflow runs ${nameOf(targetId)}, which runs this workflow again (${chain}): it would nest without end.`
      : `This sub-workflow runs ${nameOf(targetId)}, which contains itself (${chain}): it would nest without end.`
  return [error('sub_workflow_cycle', message, at)]
}

/** A path of workflow ids from `startId` that returns to the workflow itself or to a workflow already on the path; undefined when none does. */
function loopFrom(startId: string, workflows: ReadonlyMap<string, WorkflowFacts>, selfId: string | undefined): string[] | undefined {
  const finished = new Set<string>()
  const walk = (id: string, path: string[]): string[] | undefined => {
    if (id === selfId || path.includes(id)) return [...path, id]
    if (finished.has(id)) return undefined
    for (const next of workflows.get(id)?.subWorkflowIds ?? []) {
      const found = walk(next, [...path, id])
      if (found) return found
    }
    finished.add(id)
    return undefined
  }
  const found = walk(startId, [])
  return found && selfId !== undefined && found[found.length - 1] === selfId ? [selfId, ...found] : found
}

/** The sub-workflow ids of a document, for WorkflowFacts. */
export function subWorkflowIdsOf(document: GraphDocument): string[] {
  return [...new Set(collectSubWorkflowRefs(document).map((ref) => ref.workflowId))]
}
