/**
 * Routing compiled from edge groups at build(). A runner receives each message its source sent in
 * the previous superstep and invokes the target executors; all lookups are precomputed so a
 * delivery costs the same whatever the size of the graph. The executor nodes live here too: a node
 * holds the runners leaving it and a runner holds its target nodes.
 */
import { decodeCheckpointValue, encodeCheckpointValue, type JSONValue } from './encoding'
import type { FanInEdgeGroup, FanOutEdgeGroup, SingleEdgeGroup, SwitchCaseEdgeGroup, EdgeGroup, EdgeCondition } from './edges'
import { WorkflowRoutingError, formatIdList } from './errors'
import type { Executor, MessageHandler } from './executor'
import { settleAll } from './settle'

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

export interface WorkflowMessage {
  data: unknown
  sourceId: string
  /** Set when the sender addressed one executor: ctx.sendMessage(message, targetId). */
  targetId?: string
  /** The sender's node, when known (saves a lookup per message). */
  source?: ExecutorNode
}

/** Finds the node of an executor id (used once, when runners are created). */
export type NodeResolver = (executorId: string) => ExecutorNode

/** Result of offering a message to an edge group. */
export const DELIVERED = 0
/** The group took the message but chose not to forward it (condition false, empty selection). */
export const FILTERED = 1
/** No target of the group takes this message (type or target mismatch). */
export const REJECTED = 2
export type DeliveryResult = typeof DELIVERED | typeof FILTERED | typeof REJECTED

/** What a runner needs from the superstep runner. */
export interface DeliveryHost {
  canHandle(node: ExecutorNode, data: unknown): boolean
  invoke(node: ExecutorNode, data: unknown, sourceIds: readonly string[]): Promise<void>
  warn(message: string, executorId?: string): void
  /** Fan-in buffers report when they start or stop holding messages (for cheap checkpoints). */
  trackBuffered(runner: FanInEdgeRunner, buffered: boolean): void
}

export interface EdgeRunner {
  readonly group: EdgeGroup
  send(message: WorkflowMessage, host: DeliveryHost): DeliveryResult | Promise<DeliveryResult>
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
}

async function evaluateAsync(pending: PromiseLike<unknown>): Promise<boolean> {
  return Boolean(await pending)
}

/** Evaluates a condition that may be sync or async without creating a promise for sync ones. */
function evaluate(condition: EdgeCondition, data: unknown): boolean | Promise<boolean> {
  const result = condition(data)
  return isThenable(result) ? evaluateAsync(result) : Boolean(result)
}

export class SingleEdgeRunner implements EdgeRunner {
  private readonly targetId: string
  private readonly target: ExecutorNode
  private readonly sourceIds: readonly string[]
  private readonly condition?: EdgeCondition

  constructor(
    readonly group: SingleEdgeGroup,
    resolve: NodeResolver,
  ) {
    const edge = group.edges[0]
    this.targetId = edge.targetId
    this.target = resolve(edge.targetId)
    this.sourceIds = [edge.sourceId]
    this.condition = edge.condition
  }

  send(message: WorkflowMessage, host: DeliveryHost): DeliveryResult | Promise<DeliveryResult> {
    if (message.targetId !== undefined && message.targetId !== this.targetId) return REJECTED
    if (!host.canHandle(this.target, message.data)) return REJECTED
    if (this.condition) {
      const pass = evaluate(this.condition, message.data)
      if (pass === false) return FILTERED
      if (pass !== true) return pass.then((ok) => (ok ? this.deliver(message, host) : FILTERED))
    }
    return this.deliver(message, host)
  }

  private async deliver(message: WorkflowMessage, host: DeliveryHost): Promise<DeliveryResult> {
    await host.invoke(this.target, message.data, this.sourceIds)
    return DELIVERED
  }
}

/** Fan-out, multi-selection and switch-case: one source, several possible targets. */
export class FanOutEdgeRunner implements EdgeRunner {
  private readonly targetIds: string[]
  private readonly targetNodes: ExecutorNode[]
  private readonly targets: Map<string, ExecutorNode>
  private readonly sourceIds: readonly string[]
  private readonly select?: (data: unknown, targetIds: string[], host: DeliveryHost) => string[] | Promise<string[]>

  constructor(
    readonly group: FanOutEdgeGroup | SwitchCaseEdgeGroup,
    resolve: NodeResolver,
  ) {
    this.targetIds = group.type === 'FanOutEdgeGroup' ? [...group.targetIds] : [...new Set(group.cases.map((c) => c.targetId))]
    this.targetNodes = this.targetIds.map(resolve)
    this.targets = new Map(this.targetNodes.map((node) => [node.id, node]))
    this.sourceIds = [group.edges[0].sourceId]
    if (group.type === 'SwitchCaseEdgeGroup') this.select = switchCaseSelector(group)
    else if (group.selection) {
      const selection = group.selection
      this.select = (data, targetIds) => selection(data, [...targetIds])
    }
  }

  send(message: WorkflowMessage, host: DeliveryHost): DeliveryResult | Promise<DeliveryResult> {
    if (!this.select) return this.deliverTo(this.targetNodes, message, host)
    const selected = this.select(message.data, this.targetIds, host)
    if (isThenable(selected)) return (selected as Promise<string[]>).then((ids) => this.deliverTo(this.validated(ids), message, host))
    return this.deliverTo(this.validated(selected), message, host)
  }

  private validated(selected: string[]): ExecutorNode[] {
    if (!Array.isArray(selected) || !selected.every((id) => this.targets.has(id))) {
      throw new WorkflowRoutingError(
        `Invalid selection result: ${Array.isArray(selected) ? formatIdList(selected) : String(selected)}. ` +
          `Expected selections to be a subset of valid target executor IDs: ${formatIdList(this.targetIds)}.`,
      )
    }
    return selected.map((id) => this.targets.get(id)!)
  }

  private deliverTo(selected: ExecutorNode[], message: WorkflowMessage, host: DeliveryHost): DeliveryResult | Promise<DeliveryResult> {
    if (message.targetId !== undefined) {
      const target = selected.find((node) => node.id === message.targetId)
      if (!target || !host.canHandle(target, message.data)) return REJECTED
      return this.deliver([target], message, host)
    }
    if (selected.length === 0) return FILTERED
    const deliverable = selected.filter((node) => host.canHandle(node, message.data))
    if (deliverable.length === 0) return REJECTED
    return this.deliver(deliverable, message, host)
  }

  private async deliver(targets: ExecutorNode[], message: WorkflowMessage, host: DeliveryHost): Promise<DeliveryResult> {
    if (targets.length === 1) await host.invoke(targets[0], message.data, this.sourceIds)
    else await settleAll(targets.map((node) => host.invoke(node, message.data, this.sourceIds)))
    return DELIVERED
  }
}

/** First matching case wins; a condition that throws is reported and skipped, as in the reference. */
function switchCaseSelector(group: SwitchCaseEdgeGroup) {
  const cases = group.cases
  return (data: unknown, _targets: string[], host: DeliveryHost): string[] | Promise<string[]> => {
    const pick = (index: number): string[] | Promise<string[]> => {
      for (let i = index; i < cases.length; i++) {
        const entry = cases[i]
        if (entry.type === 'Default' || !entry.condition) return [entry.targetId]
        let result: boolean | Promise<boolean>
        try {
          result = evaluate(entry.condition, data)
        } catch (error) {
          host.warn(`Error evaluating condition for case ${entry.targetId}: ${(error as Error)?.message ?? String(error)}`)
          continue
        }
        if (result === true) return [entry.targetId]
        if (result !== false) {
          return result.then(
            (ok) => (ok ? [entry.targetId] : pick(i + 1)),
            (error: unknown) => {
              host.warn(`Error evaluating condition for case ${entry.targetId}: ${(error as Error)?.message ?? String(error)}`)
              return pick(i + 1)
            },
          )
        }
      }
      throw new WorkflowRoutingError('No matching case found in SwitchCaseEdgeGroup')
    }
    return pick(0)
  }
}

/**
 * Fan-in: buffers messages per source (across supersteps) and delivers the list of all buffered
 * messages, in source order, once every source has sent at least one.
 */
export class FanInEdgeRunner implements EdgeRunner {
  private readonly buffers = new Map<string, unknown[]>()
  private readonly sourceIds: readonly string[]
  private readonly targetId: string
  private readonly target: ExecutorNode

  constructor(
    readonly group: FanInEdgeGroup,
    resolve: NodeResolver,
  ) {
    this.sourceIds = [...group.sourceIds]
    this.targetId = group.targetId
    this.target = resolve(group.targetId)
  }

  send(message: WorkflowMessage, host: DeliveryHost): DeliveryResult | Promise<DeliveryResult> {
    if (message.targetId !== undefined && message.targetId !== this.targetId) return REJECTED
    if (!host.canHandle(this.target, [message.data])) return REJECTED
    if (this.buffers.size === 0) host.trackBuffered(this, true)
    const buffer = this.buffers.get(message.sourceId)
    if (buffer) buffer.push(message.data)
    else this.buffers.set(message.sourceId, [message.data])
    if (this.buffers.size < this.sourceIds.length) return DELIVERED
    const aggregated: unknown[] = []
    for (const sourceId of this.sourceIds) for (const data of this.buffers.get(sourceId)!) aggregated.push(data)
    this.buffers.clear()
    host.trackBuffered(this, false)
    return host.invoke(this.target, aggregated, this.sourceIds).then(() => DELIVERED)
  }

  hasBuffered(): boolean {
    return this.buffers.size > 0
  }

  exportBuffers(): Record<string, JSONValue[]> {
    const result: Record<string, JSONValue[]> = {}
    for (const [sourceId, items] of this.buffers) result[sourceId] = items.map(encodeCheckpointValue)
    return result
  }

  importBuffers(encoded: Record<string, JSONValue[]>): void {
    this.buffers.clear()
    for (const [sourceId, items] of Object.entries(encoded)) this.buffers.set(sourceId, items.map(decodeCheckpointValue))
  }

  clear(): void {
    this.buffers.clear()
  }
}

export function createEdgeRunner(group: EdgeGroup, resolve: NodeResolver): EdgeRunner {
  switch (group.type) {
    case 'SingleEdgeGroup':
      return new SingleEdgeRunner(group, resolve)
    case 'FanOutEdgeGroup':
    case 'SwitchCaseEdgeGroup':
      return new FanOutEdgeRunner(group, resolve)
    case 'FanInEdgeGroup':
      return new FanInEdgeRunner(group, resolve)
  }
}
