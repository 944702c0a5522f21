/**
 * compile(document, registry) → a lib/core Workflow. The document is validated first (errors
 * refuse to compile), then every node the start can reach becomes an executor and every edge
 * between them is wired (wiring.ts). Unreachable nodes are left out: they could never run.
 */
import { WorkflowBuilder, type Executor, type Workflow } from '@/lib/core'
import type { GraphDocument, GraphNode, GraphNodeOf } from '../document'
import { GraphCompileError } from '../errors'
import { buildAdjacency, reachableFrom } from '../graph-analysis'
import { isOrchestrationKind, type AgentSettings } from '../node-data'
import { hasErrors } from '../problems'
import { validateDocument } from '../validate'
import { buildAgent } from './agents'
import { GraphAgentExecutor, fanInExecutor, humanInputExecutor, outputExecutor, passThroughExecutor, startExecutor, transformExecutor } from './node-executors'
import { orchestrationExecutor } from './orchestration-executors'
import type { CompileOptions, CompileRegistry, ResolvedAgent } from './registry'
import { SessionAgentExecutor } from './session-agent-executor'
import { subWorkflowExecutor } from './sub-workflow'
import { isRunnableEdge, wireEdges } from './wiring'

export const MAX_SUB_WORKFLOW_DEPTH = 8

export function compile(document: GraphDocument, registry: CompileRegistry, options: CompileOptions = {}): Workflow {
  const problems = validateDocument(document)
  if (hasErrors(problems)) {
    const errors = problems.filter((problem) => problem.severity === 'error')
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''
    throw new GraphCompileError(`The workflow cannot run: ${errors[0]!.message}${more}`, problems)
  }
  const nodesById = new Map(document.nodes.map((node) => [node.id, node]))
  const runnable = { nodes: document.nodes, edges: document.edges.filter((edge) => isRunnableEdge(edge, nodesById)) }
  const adjacency = buildAdjacency(runnable)
  const start = document.nodes.find((node) => node.kind === 'start')!
  const reachable = reachableFrom([start.id], adjacency)

  const executors = new Map<string, Executor>()
  for (const node of document.nodes) {
    if (reachable.has(node.id)) executors.set(node.id, nodeExecutor(node, registry, options))
  }
  const builder = new WorkflowBuilder({
    startExecutor: executors.get(start.id)!,
    name: options.name,
    maxIterations: options.maxIterations,
  })
  wireEdges(builder, { document: runnable as GraphDocument, adjacency, executors })
  return builder.build()
}

function nodeExecutor(node: GraphNode, registry: CompileRegistry, options: CompileOptions): Executor {
  const where = describeNode(node)
  switch (node.kind) {
    case 'start':
      return startExecutor(node)
    case 'output':
      return outputExecutor(node)
    case 'agent':
      return agentNodeExecutor(node.id, node.data, registry, { where, apiKey: registry.agentApiKey?.(node.id) })
    case 'agent_ref': {
      const resolved = savedAgent(node, registry, where)
      return agentNodeExecutor(node.id, resolved.settings, registry, { where: `${where} (${resolved.name})`, apiKey: resolved.apiKey })
    }
    case 'condition':
    case 'fan_out':
      return passThroughExecutor(node)
    case 'fan_in':
      return fanInExecutor(node)
    case 'transform':
      return transformExecutor(node)
    case 'human_input':
      return humanInputExecutor(node)
    case 'sub_workflow':
      return subWorkflowExecutor(node, registry, { ...options, compile })
    default:
      if (isOrchestrationKind(node.kind)) return orchestrationExecutor(node, registry)
      throw new GraphCompileError(`Unknown node kind "${(node as GraphNode).kind}".`)
  }
}

/** A saved agent's version from the registry (the run service loads it beforehand, see collectAgentRefs). */
function savedAgent(node: GraphNodeOf<'agent_ref'>, registry: CompileRegistry, where: string): ResolvedAgent {
  const { agentId, version } = node.data
  const target = `agent "${agentId}"${version === undefined ? '' : ` version ${version}`}`
  if (!registry.agent) throw new GraphCompileError(`The ${where}: saved agents are not available here.`)
  const resolved = registry.agent(agentId, version)
  if (!resolved) throw new GraphCompileError(`The ${where} refers to ${target}, which does not exist.`)
  return resolved
}

export function describeNode(node: GraphNode): string {
  const label = node.kind === 'agent' ? node.data.label || node.data.name : node.data.label
  return `${node.kind.replace(/_/g, ' ')} node "${label || node.id}"`
}

/** An agent node (inline or saved) talks in a stored conversation when the caller gives it one. */
function agentNodeExecutor(nodeId: string, settings: AgentSettings, registry: CompileRegistry, options: { where: string; apiKey?: string }): Executor {
  const conversation = registry.agentConversation?.(nodeId)
  const build = { id: nodeId, ...options }
  if (!conversation) return new GraphAgentExecutor(buildAgent(settings, registry, build), nodeId)
  const agent = buildAgent(settings, registry, { ...build, contextProviders: [conversation.history], inConversation: true })
  return new SessionAgentExecutor(agent, nodeId, conversation)
}
