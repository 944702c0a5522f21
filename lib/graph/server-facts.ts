/**
 * Problems a document has only on a given server: an agent set to OpenAI where no key is
 * configured, an MCP server or a skill the server does not know, a sub-workflow that runs its own
 * workflow (directly or through others). The document alone cannot tell; the server states its
 * facts (GET /api/validation-facts for the editor, the same facts when a run is queued), and both
 * sides check them here, so the editor's Problems panel and a refused run say the same words.
 */
import type { GraphDocument } from './document'
import { collectSubWorkflowRefs } from './document-references'
import { nodeKindDefinition } from './node-kinds'
import { error, type GraphProblem } from './problems'

export interface WorkflowFacts {
  id: string
  name: string
  /** The workflows its latest version runs as sub-workflows. */
  subWorkflowIds: string[]
}

export interface ServerFacts {
  /** Whether OPENAI_API_KEY is set: an agent set to OpenAI cannot run without it. */
  openAiConfigured: boolean
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
export function serverFactProblems(document: GraphDocument, facts: ServerFacts, workflowId?: string): GraphProblem[] {
  const knownServers = new Set(facts.mcpServerIds)
  const knownSkills = new Set(facts.skillIds)
  const workflows = new Map(facts.workflows.map((workflow) => [workflow.id, workflow]))
  const problems: GraphProblem[] = []
  for (const node of document.nodes) {
    for (const { settings, who } of nodeKindDefinition(node.kind).references(node).agents) {
      const at = { nodeId: node.id }
      // An agent at a base URL is never sent the server's key (it has its own, or none); a saved agent's own key is checked where it runs.
      if (settings.model.provider === 'openai' && !settings.model.baseUrl && !facts.openAiConfigured) {
        problems.push(
          error('model_not_configured', `${who} uses OpenAI, but the server has no OpenAI key (OPENAI_API_KEY). Choose the demo or default model.`, at),
        )
      }
      for (const id of settings.mcpServerIds) {
        if (!knownServers.has(id)) problems.push(error('unknown_mcp_server', `${who} uses the MCP server "${id}", which is not on the MCP servers page.`, at))
      }
      for (const id of settings.skillIds) {
        if (!knownSkills.has(id)) problems.push(error('unknown_skill', `${who} uses the skill "${id}", which is not on the Skills page.`, at))
      }
    }
    for (const ref of nodeKindDefinition(node.kind).references(node).subWorkflows) problems.push(...subWorkflowProblems(node.id, ref.id, workflows, workflowId))
  }
  return problems
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
  if (!target) return [error('missing_sub_workflow', 'The sub-workflow runs a workflow that no longer exists (or that you cannot use).', at)]
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
