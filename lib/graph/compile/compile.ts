/**
 * compile(document, registry) → a lib/core Workflow. The document is validated first (errors
 * refuse to compile), then every node the start can reach becomes an executor and every edge
 * between them is wired (wiring.ts). Unreachable nodes are left out: they could never run.
 */
import { WorkflowBuilder, type Executor, type Workflow } from '@/lib/core'
import type { GraphDocument, GraphNode } from '../document'
import { GraphCompileError } from '../errors'
import { buildAdjacency, isRunnableEdge, reachableFrom } from '../graph-analysis'
import { hasErrors } from '../problems'
import { validateDocument } from '../validate'
import { nodeCompiler } from './node-compilers'
import { pinnedExecutor } from './pinned-executor'
import type { CompileOptions, CompileRegistry } from './registry'
import { wireEdges } from './wiring'

/**
 * Documents that passed validation here. A document is a value, never changed once parsed (a worker keeps one per
 * version and compiles it for every run), so it is checked the first time only.
 */
const validDocuments = new WeakSet<GraphDocument>()

export function compile(document: GraphDocument, registry: CompileRegistry, options: CompileOptions = {}): Workflow {
  refuseInvalid(document)
  const nodesById = new Map(document.nodes.map((node) => [node.id, node]))
  const runnable = { nodes: document.nodes, edges: document.edges.filter((edge) => isRunnableEdge(edge, nodesById)) }
  const adjacency = buildAdjacency(runnable)
  const start = document.nodes.find((node) => node.kind === 'start')!
  const reachable = reachableFrom([start.id], adjacency)

  const executors = new Map<string, Executor>()
  const { pinned, ...inner } = options
  for (const node of document.nodes) {
    if (!reachable.has(node.id)) continue
    const pin = pinned?.has(node.id) ? { value: pinned.get(node.id) } : undefined
    executors.set(
      node.id,
      pin ? pinnedExecutor(node, pin.value) : nodeCompiler(node.kind)(node, { registry, options: inner, where: describeNode(node), compile }),
    )
  }
  const builder = new WorkflowBuilder({
    startExecutor: executors.get(start.id)!,
    name: options.name,
    maxIterations: options.maxIterations,
  })
  wireEdges(builder, { document: runnable as GraphDocument, adjacency, executors })
  return builder.build()
}

/** Throws GraphCompileError naming the document's errors, the first time it is given a document (validDocuments). */
function refuseInvalid(document: GraphDocument): void {
  if (validDocuments.has(document)) return
  const problems = validateDocument(document)
  if (hasErrors(problems)) {
    const errors = problems.filter((problem) => problem.severity === 'error')
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''
    throw new GraphCompileError(`The workflow cannot run: ${errors[0]!.message}${more}`, problems)
  }
  validDocuments.add(document)
}

export function describeNode(node: GraphNode): string {
  const label = node.kind === 'agent' ? node.data.label || node.data.name : node.data.label
  return `${node.kind.replace(/_/g, ' ')} node "${label || node.id}"`
}
