/**
 * The compiled form of a workflow graph: every executor with its outgoing edge runners and its
 * output designation, computed once at build() so the runner never searches the graph.
 */
import { createEdgeRunner, FanInEdgeRunner, type EdgeRunner } from './edge-runners'
import type { EdgeGroup } from './edges'
import type { Executor, MessageHandler } from './executor'

/** What ctx.yieldOutput() of an executor becomes: an output event, an intermediate event, or nothing. */
export type OutputKind = 'output' | 'intermediate' | null

/**
 * One executor in the compiled graph, holding everything a superstep reads to deliver a message to
 * it and run it. A step touches this record and the edge runner, not the executor's handler list:
 * on graphs of thousands of nodes, each extra object read per step is a likely cache miss.
 */
export class ExecutorNode {
  /** The executor takes any message, so delivery needs no canHandle() call. */
  readonly acceptsEverything: boolean
  /** The executor's only handler, called directly with the executor as `this` (Executor.soleHandler). */
  readonly handle: MessageHandler<unknown, unknown, unknown> | undefined
  /** The runners of the edge groups leaving this executor. */
  readonly runners: EdgeRunner[] = []
  /** runners[0] when it is the only one, the common case (saves reading the array). */
  soleRunner: EdgeRunner | undefined = undefined

  constructor(
    readonly id: string,
    readonly executor: Executor,
    readonly outputKind: OutputKind,
  ) {
    this.acceptsEverything = executor.acceptsEverything()
    this.handle = executor.soleHandler()
  }

  addRunner(runner: EdgeRunner): void {
    this.runners.push(runner)
    this.soleRunner = this.runners.length === 1 ? runner : undefined
  }
}

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
