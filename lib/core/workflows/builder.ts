/**
 * WorkflowBuilder: wires executors (and agents, wrapped automatically) into a graph and validates it.
 *
 *   const workflow = new WorkflowBuilder({ startExecutor: upper }).addEdge(upper, emit).build()
 */
import { randomUUID } from 'node:crypto'
import { UserError } from '../errors'
import { AgentExecutor, isAgentLike, resolveAgentId } from './agent-executor'
import type { CheckpointStorage } from './checkpoint'
import {
  functionName,
  type Case,
  type Default,
  type EdgeCondition,
  type EdgeGroup,
  type ExecutorLike,
  type SelectionFunction,
  type SwitchCaseDefinition,
} from './edges'
import { WorkflowValidationError } from './errors'
import { Executor } from './executor'
import { compileGraph } from './graph'
import { computeGraphSignature, hashGraphSignature } from './graph-signature'
import { validateDesignationLists, validateWorkflowGraph } from './validation'
import { Workflow } from './workflow'

export const DEFAULT_MAX_ITERATIONS = 100

export interface WorkflowBuilderOptions {
  startExecutor: ExecutorLike
  /** Supersteps a run may take before it is declared divergent. Default 100. */
  maxIterations?: number
  name?: string
  description?: string
  /** Enables a checkpoint after every superstep for every run of the built workflow. */
  checkpointStorage?: CheckpointStorage
  /** Executors whose yieldOutput() is a workflow output; 'all' for every output-capable executor. */
  outputFrom?: ExecutorLike[] | 'all'
  /** Executors whose yieldOutput() is an intermediate output; 'all_other' = every output-capable one not in outputFrom. */
  intermediateOutputFrom?: ExecutorLike[] | 'all' | 'all_other'
}

export interface EdgeOptions {
  condition?: EdgeCondition
}

export class WorkflowBuilder {
  private readonly executors = new Map<string, Executor>()
  private readonly edgeGroups: EdgeGroup[] = []
  private readonly agentWrappers = new Map<object, Executor>()
  private readonly startExecutor: Executor
  private readonly options: WorkflowBuilderOptions
  private groupCount = 0

  constructor(options: WorkflowBuilderOptions) {
    if (!options || options.startExecutor === undefined || options.startExecutor === null) {
      throw new UserError('Starting executor must be set via the startExecutor constructor option before building.')
    }
    const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS
    if (!Number.isInteger(maxIterations) || maxIterations < 1) throw new UserError('maxIterations must be a positive integer.')
    if (typeof options.outputFrom === 'string' && options.outputFrom !== 'all') {
      throw new UserError(`Unsupported outputFrom literal '${String(options.outputFrom)}'; use 'all' or a list of executors.`)
    }
    const intermediate = options.intermediateOutputFrom
    if (typeof intermediate === 'string' && intermediate !== 'all' && intermediate !== 'all_other') {
      throw new UserError(`Unsupported intermediateOutputFrom literal '${String(intermediate)}'; use 'all', 'all_other', or a list of executors.`)
    }
    this.options = options
    this.startExecutor = this.wrap(options.startExecutor)
    this.addExecutor(this.startExecutor)
  }

  addEdge(source: ExecutorLike, target: ExecutorLike, options: EdgeOptions | EdgeCondition = {}): this {
    const condition = typeof options === 'function' ? options : options.condition
    const sourceId = this.addExecutor(this.wrap(source))
    const targetId = this.addExecutor(this.wrap(target))
    this.edgeGroups.push({
      type: 'SingleEdgeGroup',
      id: this.nextGroupId('SingleEdgeGroup'),
      edges: [{ sourceId, targetId, condition, conditionName: functionName(condition) }],
    })
    return this
  }

  /** Broadcasts every message of the source to all targets. */
  addFanOutEdges(source: ExecutorLike, targets: ExecutorLike[]): this {
    return this.addFanOut(source, targets, undefined)
  }

  /** Sends each message to the targets chosen by `selection(message, targetIds)`. */
  addMultiSelectionEdgeGroup(source: ExecutorLike, targets: ExecutorLike[], selection: SelectionFunction): this {
    if (typeof selection !== 'function') throw new UserError('addMultiSelectionEdgeGroup() needs a selection function.')
    return this.addFanOut(source, targets, selection)
  }

  /** The target receives the list of messages once every source has sent (buffered across supersteps). */
  addFanInEdges(sources: ExecutorLike[], target: ExecutorLike): this {
    if (!Array.isArray(sources) || sources.length <= 1) {
      throw new WorkflowValidationError('FanInEdgeGroup must contain at least two sources.', 'EDGE_CONFIGURATION')
    }
    const sourceIds = sources.map((source) => this.addExecutor(this.wrap(source)))
    const targetId = this.addExecutor(this.wrap(target))
    this.edgeGroups.push({
      type: 'FanInEdgeGroup',
      id: this.nextGroupId('FanInEdgeGroup'),
      sourceIds,
      targetId,
      edges: sourceIds.map((sourceId) => ({ sourceId, targetId })),
    })
    return this
  }

  /** Routes each message to the first case whose condition holds, else to the default (which must be last). */
  addSwitchCaseEdgeGroup(source: ExecutorLike, cases: Array<Case | Default>): this {
    if (!Array.isArray(cases) || cases.length < 2) {
      throw new WorkflowValidationError('SwitchCaseEdgeGroup must contain at least two cases (including the default case).', 'EDGE_CONFIGURATION')
    }
    if (cases.filter((c) => c.type === 'Default').length !== 1) {
      throw new WorkflowValidationError('SwitchCaseEdgeGroup must contain exactly one default case.', 'EDGE_CONFIGURATION')
    }
    if (cases[cases.length - 1].type !== 'Default') {
      throw new WorkflowValidationError('The default case must be the last case of a SwitchCaseEdgeGroup.', 'EDGE_CONFIGURATION')
    }
    const sourceId = this.addExecutor(this.wrap(source))
    const definitions: SwitchCaseDefinition[] = cases.map((entry) => {
      const targetId = this.addExecutor(this.wrap(entry.target))
      return entry.type === 'Default'
        ? { type: 'Default', targetId }
        : { type: 'Case', targetId, condition: entry.condition, conditionName: functionName(entry.condition) }
    })
    const targetIds = [...new Set(definitions.map((d) => d.targetId))]
    this.edgeGroups.push({
      type: 'SwitchCaseEdgeGroup',
      id: this.nextGroupId('SwitchCaseEdgeGroup'),
      cases: definitions,
      edges: targetIds.map((targetId) => ({ sourceId, targetId })),
    })
    return this
  }

  addChain(executors: ExecutorLike[]): this {
    if (!Array.isArray(executors) || executors.length < 2) {
      throw new WorkflowValidationError('At least two executors are required to form a chain.', 'EDGE_CONFIGURATION')
    }
    const wrapped = executors.map((e) => this.wrap(e))
    for (let i = 0; i < wrapped.length - 1; i++) this.addEdge(wrapped[i], wrapped[i + 1])
    return this
  }

  build(): Workflow {
    const outputIds = this.resolveDesignation(this.options.outputFrom)
    const intermediateIds =
      this.options.intermediateOutputFrom === 'all_other'
        ? [...this.executors.values()].filter((e) => e.outputCapable && !(outputIds ?? []).includes(e.id)).map((e) => e.id)
        : this.resolveDesignation(this.options.intermediateOutputFrom)
    validateDesignationLists(outputIds, intermediateIds)
    const explicit = outputIds !== undefined || intermediateIds !== undefined
    const executors = new Map(this.executors)
    const edgeGroups = [...this.edgeGroups]
    validateWorkflowGraph(edgeGroups, executors, this.startExecutor.id, outputIds ?? [], intermediateIds ?? [])
    const graph = compileGraph(executors, edgeGroups, this.startExecutor.id, {
      outputIds: explicit ? new Set(outputIds ?? []) : undefined,
      intermediateIds: explicit ? new Set(intermediateIds ?? []) : undefined,
    })
    const graphSignature = computeGraphSignature({ startExecutorId: this.startExecutor.id, executors, edgeGroups })
    return new Workflow({
      name: this.options.name ?? `WorkflowBuilder-${randomUUID()}`,
      description: this.options.description,
      maxIterations: this.options.maxIterations ?? DEFAULT_MAX_ITERATIONS,
      startExecutorId: this.startExecutor.id,
      executors,
      edgeGroups,
      graph,
      graphSignature,
      graphSignatureHash: hashGraphSignature(graphSignature),
      checkpointStorage: this.options.checkpointStorage,
      outputExecutorIds: explicit ? (outputIds ?? []) : [...executors.keys()],
      intermediateExecutorIds: intermediateIds ?? [],
    })
  }

  // -------------------------------------------------------------------------------------------

  private addFanOut(source: ExecutorLike, targets: ExecutorLike[], selection: SelectionFunction | undefined): this {
    if (!Array.isArray(targets) || targets.length <= 1) {
      throw new WorkflowValidationError('FanOutEdgeGroup must contain at least two targets.', 'EDGE_CONFIGURATION')
    }
    const sourceId = this.addExecutor(this.wrap(source))
    const targetIds = targets.map((target) => this.addExecutor(this.wrap(target)))
    this.edgeGroups.push({
      type: 'FanOutEdgeGroup',
      id: this.nextGroupId('FanOutEdgeGroup'),
      targetIds,
      selection,
      selectionFuncName: functionName(selection),
      edges: targetIds.map((targetId) => ({ sourceId, targetId })),
    })
    return this
  }

  private resolveDesignation(designation: ExecutorLike[] | 'all' | undefined): string[] | undefined {
    if (designation === undefined) return undefined
    if (designation === 'all') return [...this.executors.values()].filter((e) => e.outputCapable).map((e) => e.id)
    return designation.map((item) => {
      if (item instanceof Executor) return item.id
      if (isAgentLike(item)) return this.agentWrappers.get(item)?.id ?? resolveAgentId(item)
      throw new UserError(`WorkflowBuilder expected designation entries to be executors or agents; got ${typeof item}.`)
    })
  }

  private wrap(candidate: ExecutorLike): Executor {
    if (candidate instanceof Executor) return candidate
    if (candidate instanceof Workflow) {
      throw new UserError('A Workflow cannot be used as a node directly; wrap it in a WorkflowExecutor.')
    }
    if (isAgentLike(candidate)) {
      const existing = this.agentWrappers.get(candidate)
      if (existing) return existing
      const id = resolveAgentId(candidate)
      if (this.executors.has(id)) {
        throw new WorkflowValidationError(
          `Duplicate executor ID '${id}' from agent. Agent IDs or names must be unique within a workflow.`,
          'EXECUTOR_DUPLICATION',
        )
      }
      const wrapper = new AgentExecutor(candidate, { id })
      this.agentWrappers.set(candidate, wrapper)
      return wrapper
    }
    throw new UserError(`WorkflowBuilder expected an Executor or an agent; got ${candidate === null ? 'null' : typeof candidate}.`)
  }

  private addExecutor(executor: Executor): string {
    const existing = this.executors.get(executor.id)
    if (existing === executor) return executor.id
    if (existing) throw new WorkflowValidationError(`Duplicate executor ID '${executor.id}' detected in workflow.`, 'EXECUTOR_DUPLICATION')
    this.executors.set(executor.id, executor)
    return executor.id
  }

  private nextGroupId(type: EdgeGroup['type']): string {
    return `${type}/${this.groupCount++}`
  }
}
