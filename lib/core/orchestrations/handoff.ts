/**
 * Handoff orchestration: agents pass the conversation to each other by calling injected
 * `handoff_to_<id>` tools. Without addHandoff() every agent may hand off to every other (mesh).
 * An agent that answers without handing off waits for the user (request_info), or with autonomous
 * mode continues by itself ("User did not respond. Continue assisting autonomously.", 50 turns)
 * before waiting. With a termination condition the conversation ends and becomes the output.
 *
 *   new HandoffBuilder({ participants: [triage, billing, support] })
 *     .withStartAgent(triage).addHandoff(triage, [billing, support]).addHandoff(billing, triage).build()
 */
import { UserError } from '../errors'
import { Message } from '../types'
import { isAgentLike, resolveAgentId, type SupportsAgentRun } from '../workflows/agent-executor'
import { WorkflowBuilder } from '../workflows/builder'
import type { Workflow } from '../workflows/workflow'
import type { TerminationCondition } from './group-chat'
import { DEFAULT_AUTONOMOUS_PROMPT, DEFAULT_AUTONOMOUS_TURN_LIMIT, HandoffAgentExecutor, HandoffRequest } from './handoff-agent-executor'
import { defaultMaxIterations } from './participants'
import { registerCheckpointType, type JSONValue } from '../workflows/encoding'
import type { OrchestrationBuilderOptions } from './sequential'

export interface HandoffBuilderOptions extends OrchestrationBuilderOptions {
  participants: SupportsAgentRun[]
  startAgent?: SupportsAgentRun
  terminationCondition?: TerminationCondition
}

export interface AutonomousModeOptions {
  /** Agents that continue on their own; all when omitted. */
  agents?: SupportsAgentRun[]
  /** The message that stands in for the user; per agent id or one for all. */
  prompts?: string | Record<string, string>
  /** Autonomous turns before waiting for the user; per agent id or one for all. Default 50. */
  turnLimits?: number | Record<string, number>
}

export class HandoffBuilder {
  private readonly agents = new Map<string, SupportsAgentRun>()
  private readonly handoffs = new Map<string, string[]>()
  private startId: string
  private autonomous?: AutonomousModeOptions
  private interactiveIds = new Set<string>()
  private terminationCondition?: TerminationCondition

  constructor(private readonly options: HandoffBuilderOptions) {
    const participants = options?.participants
    if (!Array.isArray(participants) || participants.length === 0) throw new UserError('HandoffBuilder needs at least one participant.')
    for (const participant of participants) {
      if (!isAgentLike(participant)) throw new UserError('Handoff participants must be agents.')
      const id = resolveAgentId(participant)
      if (this.agents.has(id)) throw new UserError(`Duplicate participant id '${id}' in HandoffBuilder.`)
      this.agents.set(id, participant)
    }
    this.startId = options.startAgent ? this.idOf(options.startAgent) : resolveAgentId(participants[0])
    this.terminationCondition = options.terminationCondition
  }

  withStartAgent(agent: SupportsAgentRun): this {
    this.startId = this.idOf(agent)
    return this
  }

  /** Lets `source` hand off to `targets`. Once used, only the declared handoffs exist. */
  addHandoff(source: SupportsAgentRun, targets: SupportsAgentRun | SupportsAgentRun[]): this {
    const sourceId = this.idOf(source)
    const list = this.handoffs.get(sourceId) ?? []
    for (const target of Array.isArray(targets) ? targets : [targets]) {
      const targetId = this.idOf(target)
      if (targetId === sourceId) throw new UserError(`Agent '${sourceId}' cannot hand off to itself.`)
      if (!list.includes(targetId)) list.push(targetId)
    }
    this.handoffs.set(sourceId, list)
    return this
  }

  withAutonomousMode(options: AutonomousModeOptions = {}): this {
    this.autonomous = options
    return this
  }

  withTerminationCondition(condition: TerminationCondition): this {
    this.terminationCondition = condition
    return this
  }

  /** Makes these agents (all when omitted) wait for the user after each reply even in autonomous mode. */
  withRequestInfo(selection: { agents?: SupportsAgentRun[] } = {}): this {
    this.interactiveIds = new Set((selection.agents ?? [...this.agents.values()]).map((agent) => this.idOf(agent)))
    return this
  }

  build(): Workflow {
    const ids = [...this.agents.keys()]
    const executors = new Map<string, HandoffAgentExecutor>()
    for (const [id, agent] of this.agents) {
      const targets = this.handoffs.size > 0 ? (this.handoffs.get(id) ?? []) : ids.filter((other) => other !== id)
      executors.set(
        id,
        new HandoffAgentExecutor(id, agent, {
          targets: targets.map((targetId) => ({ id: targetId, description: this.agents.get(targetId)!.description ?? targetId })),
          autonomous: this.isAutonomous(id),
          autonomousPrompt: pick(this.autonomous?.prompts, id) ?? DEFAULT_AUTONOMOUS_PROMPT,
          turnLimit: pick(this.autonomous?.turnLimits, id) ?? DEFAULT_AUTONOMOUS_TURN_LIMIT,
          terminationCondition: this.terminationCondition,
        }),
      )
    }
    const start = executors.get(this.startId)!
    const builder = new WorkflowBuilder({
      startExecutor: start,
      name: this.options.name,
      description: this.options.description,
      checkpointStorage: this.options.checkpointStorage,
      maxIterations: this.options.maxIterations ?? defaultMaxIterations(4, ids.length),
    })
    for (const [id, executor] of executors) {
      for (const target of this.handoffs.size > 0 ? (this.handoffs.get(id) ?? []) : ids.filter((other) => other !== id)) {
        builder.addEdge(executor, executors.get(target)!)
      }
    }
    return builder.build()
  }

  private isAutonomous(id: string): boolean {
    if (!this.autonomous || this.interactiveIds.has(id)) return false
    return !this.autonomous.agents || this.autonomous.agents.some((agent) => this.idOf(agent) === id)
  }

  private idOf(agent: SupportsAgentRun): string {
    const id = isAgentLike(agent) ? resolveAgentId(agent) : undefined
    if (!id || !this.agents.has(id)) throw new UserError(`'${id ?? String(agent)}' is not a participant of this HandoffBuilder.`)
    return id
  }
}

function pick<T>(value: T | Record<string, T> | undefined, id: string): T | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'object' && value !== null) return (value as Record<string, T>)[id]
  return value as T
}

registerCheckpointType<HandoffRequest>('HandoffRequest', {
  is: (value): value is HandoffRequest => value instanceof HandoffRequest,
  encode: (value) => ({ sourceId: value.sourceId, conversation: value.conversation.map((m) => m.toJSON()) as unknown as JSONValue }),
  decode: (json) => {
    const { sourceId, conversation } = json as { sourceId: string; conversation: never[] }
    return new HandoffRequest(
      conversation.map((m) => Message.fromJSON(m)),
      sourceId,
    )
  },
})
