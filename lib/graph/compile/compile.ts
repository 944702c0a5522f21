/**
 * compile(document, registry) → a lib/core Workflow. The document is validated first (errors
 * refuse to compile), then every node the start can reach becomes an executor and every edge
 * between them is wired (wiring.ts). Unreachable nodes are left out: they could never run.
 */
import { WorkflowBuilder, type Executor, type Workflow } from '@/lib/core'
import type { GraphDocument, GraphNode, GraphNodeOf } from '../document'
import { GraphCompileError } from '../errors'
import { buildAdjacency, reachableFrom } from '../graph-analysis'
import { isOrchestrationKind } from '../node-data'
import { hasErrors } from '../problems'
import { validateDocument } from '../validate'
import { buildAgent } from './agents'
import { GraphAgentExecutor, fanInExecutor, humanInputExecutor, outputExecutor, passThroughExecutor, startExecutor, transformExecutor } from './node-executors'
import { orchestrationExecutor } from './orchestration-executors'
import type { CompileOptions, CompileRegistry } from './registry'
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
      return agentNodeExecutor(node, registry, where)
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

export function describeNode(node: GraphNode): string {
  const label = node.kind === 'agent' ? node.data.label || node.data.name : node.data.label
  return `${node.kind.replace(/_/g, ' ')} node "${label || node.id}"`
}

/** An agent node talks in a stored conversation when the caller gives it one. */
function agentNodeExecutor(node: GraphNodeOf<'agent'>, registry: CompileRegistry, where: string): Executor {
  const conversation = registry.agentConversation?.(node.id)
  if (!conversation) return new GraphAgentExecutor(buildAgent(node.data, registry, { id: node.id, where }), node.id)
  return new SessionAgentExecutor(buildAgent(node.data, registry, { id: node.id, where, contextProviders: [conversation.history] }), node.id, conversation)
}
