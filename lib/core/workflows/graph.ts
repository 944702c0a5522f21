/**
 * The compiled form of a workflow graph: every executor with its outgoing edge runners and its
 * output designation, computed once at build() so the runner never searches the graph.
 */
import { createEdgeRunner, ExecutorNode, FanInEdgeRunner, type OutputKind } from './edge-runners'
import type { EdgeGroup } from './edges'
import type { Executor } from './executor'

export interface CompiledGraph {
  readonly nodes: ReadonlyMap<string, ExecutorNode>
  readonly startExecutorId: string
  readonly fanInRunners: ReadonlyMap<string, FanInEdgeRunner>
  /** Executors with checkpoint hooks; only these are visited when a checkpoint is taken. */
  readonly statefulExecutors: readonly Executor[]
  readonly resettableExecutors: readonly Executor[]
}

export interface OutputDesignation {
  /** undefined when neither outputFrom nor intermediateOutputFrom was given (everything is output). */
  outputIds?: ReadonlySet<string>
  intermediateIds?: ReadonlySet<string>
}

export function compileGraph(
  executors: ReadonlyMap<string, Executor>,
  edgeGroups: readonly EdgeGroup[],
  startExecutorId: string,
  designation: OutputDesignation,
): CompiledGraph {
  const explicit = designation.outputIds !== undefined || designation.intermediateIds !== undefined
  const nodes = new Map<string, ExecutorNode>()
  for (const [id, executor] of executors) {
    let outputKind: OutputKind = 'output'
    if (explicit) {
      if (designation.outputIds?.has(id)) outputKind = 'output'
      else if (designation.intermediateIds?.has(id)) outputKind = 'intermediate'
      else outputKind = null
    }
    nodes.set(id, new ExecutorNode(id, executor, outputKind))
  }
  // Runners hold their target nodes directly, so delivering a message never looks an id up.
  const resolve = (id: string) => nodes.get(id)!
  const fanInRunners = new Map<string, FanInEdgeRunner>()
  for (const group of edgeGroups) {
    const runner = createEdgeRunner(group, resolve)
    if (runner instanceof FanInEdgeRunner) fanInRunners.set(group.id, runner)
    for (const sourceId of new Set(group.edges.map((edge) => edge.sourceId))) nodes.get(sourceId)!.addRunner(runner)
  }
  const all = [...executors.values()]
  return {
    nodes,
    startExecutorId,
    fanInRunners,
    statefulExecutors: all.filter((e) => typeof e.onCheckpointSave === 'function'),
    resettableExecutors: all.filter((e) => typeof e.reset === 'function'),
  }
}
