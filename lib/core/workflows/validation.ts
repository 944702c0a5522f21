/**
 * Build-time checks of a workflow graph, with the reference framework's messages.
 */
import { edgeId, type EdgeGroup } from './edges'
import { EdgeDuplicationError, GraphConnectivityError, WorkflowValidationError, formatIdList } from './errors'
import type { Executor } from './executor'

export function validateWorkflowGraph(
  edgeGroups: readonly EdgeGroup[],
  executors: ReadonlyMap<string, Executor>,
  startExecutorId: string,
  outputIds: readonly string[],
  intermediateIds: readonly string[],
): void {
  const edges = edgeGroups.flatMap((group) => group.edges)
  if (!executors.has(startExecutorId)) {
    throw new GraphConnectivityError(`Start executor '${startExecutorId}' is not present in the workflow graph`)
  }
  if (edges.length > 0 && !edges.some((edge) => edge.sourceId === startExecutorId || edge.targetId === startExecutorId)) {
    throw new GraphConnectivityError(`Start executor '${startExecutorId}' is not present in the workflow graph`)
  }
  validateEdgeDuplication(edges)
  validateConnectivity(edges, executors, startExecutorId)
  validateDesignatedExecutors(executors, outputIds, 'Output')
  validateDesignatedExecutors(executors, intermediateIds, 'Intermediate')
}

function validateEdgeDuplication(edges: ReadonlyArray<{ sourceId: string; targetId: string }>): void {
  const seen = new Set<string>()
  for (const edge of edges) {
    const id = edgeId(edge)
    if (seen.has(id)) throw new EdgeDuplicationError(id)
    seen.add(id)
  }
}

function validateConnectivity(
  edges: ReadonlyArray<{ sourceId: string; targetId: string }>,
  executors: ReadonlyMap<string, Executor>,
  startExecutorId: string,
): void {
  const adjacency = new Map<string, string[]>()
  const connected = new Set<string>()
  for (const edge of edges) {
    const list = adjacency.get(edge.sourceId)
    if (list) list.push(edge.targetId)
    else adjacency.set(edge.sourceId, [edge.targetId])
    connected.add(edge.sourceId)
    connected.add(edge.targetId)
  }
  const reachable = new Set<string>()
  const stack = [startExecutorId]
  while (stack.length > 0) {
    const id = stack.pop()!
    if (reachable.has(id)) continue
    reachable.add(id)
    for (const next of adjacency.get(id) ?? []) stack.push(next)
  }
  const unreachable = [...executors.keys()].filter((id) => !reachable.has(id)).sort()
  if (unreachable.length > 0) {
    throw new GraphConnectivityError(
      `The following executors are unreachable from the start executor '${startExecutorId}': ` +
        `${formatIdList(unreachable)}. This may indicate a disconnected workflow graph.`,
    )
  }
  const isolated = [...executors.keys()].filter((id) => id !== startExecutorId && !connected.has(id)).sort()
  if (isolated.length > 0) {
    throw new GraphConnectivityError(
      `The following executors are isolated (no incoming or outgoing edges): ${formatIdList(isolated)}. ` + 'Isolated executors will never be executed.',
    )
  }
}

function validateDesignatedExecutors(executors: ReadonlyMap<string, Executor>, ids: readonly string[], label: 'Output' | 'Intermediate'): void {
  for (const id of ids) {
    const executor = executors.get(id)
    if (!executor) {
      throw new WorkflowValidationError(`${label} executor '${id}' is not present in the workflow graph`, 'OUTPUT_VALIDATION')
    }
    if (!executor.outputCapable) {
      throw new WorkflowValidationError(`${label} executor '${id}' does not yield workflow outputs.`, 'OUTPUT_VALIDATION')
    }
  }
}

/** The designation rules that depend on whether a designation was given at all. */
export function validateDesignationLists(outputIds: string[] | undefined, intermediateIds: string[] | undefined): void {
  if (outputIds === undefined && intermediateIds === undefined) return
  const outputs = outputIds ?? []
  const intermediates = intermediateIds ?? []
  if (outputs.length === 0 && intermediates.length === 0) {
    throw new WorkflowValidationError('Explicit workflow output designation must include at least one output or intermediate executor.', 'OUTPUT_VALIDATION')
  }
  const duplicateOutputs = duplicates(outputs)
  if (duplicateOutputs.length > 0) {
    throw new WorkflowValidationError(`Duplicate output executor designation(s): ${formatIdList(duplicateOutputs)}`, 'OUTPUT_VALIDATION')
  }
  const duplicateIntermediates = duplicates(intermediates)
  if (duplicateIntermediates.length > 0) {
    throw new WorkflowValidationError(`Duplicate intermediate executor designation(s): ${formatIdList(duplicateIntermediates)}`, 'OUTPUT_VALIDATION')
  }
  const outputSet = new Set(outputs)
  const overlap = [...new Set(intermediates.filter((id) => outputSet.has(id)))].sort()
  if (overlap.length > 0) {
    throw new WorkflowValidationError(`Executors cannot be both output and intermediate designated: ${formatIdList(overlap)}`, 'OUTPUT_VALIDATION')
  }
}

function duplicates(ids: string[]): string[] {
  const seen = new Set<string>()
  const repeated = new Set<string>()
  for (const id of ids) {
    if (seen.has(id)) repeated.add(id)
    seen.add(id)
  }
  return [...repeated].sort()
}
