/**
 * Concurrent orchestration: the prompt goes to every participant at once, their results are
 * gathered (fan-in) and an aggregator turns them into the output. The default aggregator outputs
 * one message per participant (its final assistant message), in participant order.
 *
 *   new ConcurrentBuilder({ participants: [legal, finance] }).withAggregator((results) => summarise(results)).build()
 *
 * Graph: dispatcher → (fan-out) participants [→ review gates] → (fan-in) aggregator
 */
import { Message } from '../types'
import { AgentExecutorResponse } from '../workflows/agent-executor'
import { WorkflowBuilder } from '../workflows/builder'
import type { WorkflowContext } from '../workflows/context'
import type { ExecutorLike } from '../workflows/edges'
import { Executor } from '../workflows/executor'
import type { Workflow } from '../workflows/workflow'
import { UserError } from '../errors'
import { InputToConversation, finalAssistantMessage, toConversation } from './conversation'
import { findParticipant, resolveParticipants } from './participants'
import { AgentReviewGate, reviewedParticipantIds, type RequestInfoSelection } from './request-info'
import type { OrchestrationBuilderOptions } from './sequential'

/** Receives the participants' results in participant order; what it returns (unless undefined) is the output. */
export type AggregatorFunction = (results: unknown[], ctx: WorkflowContext<never, unknown>) => unknown

export interface ConcurrentBuilderOptions extends OrchestrationBuilderOptions {
  participants: ExecutorLike[]
}

/** One message per participant: the final assistant message of each agent (custom results converted). */
export function defaultAggregation(results: unknown[]): Message[] {
  const messages: Message[] = []
  for (const result of results) {
    if (result instanceof AgentExecutorResponse) {
      const message = finalAssistantMessage(result.agentResponse.messages)
      if (message) messages.push(message.authorName ? message : new Message({ role: message.role, contents: message.contents, authorName: result.executorId }))
      continue
    }
    const conversation = toConversation(result)
    const last = conversation[conversation.length - 1]
    if (last) messages.push(last)
  }
  return messages
}

class CallbackAggregator extends Executor<unknown, never, unknown> {
  constructor(
    id: string,
    private readonly aggregate: AggregatorFunction,
  ) {
    super(id)
    this.addHandler(undefined, async (results, ctx: WorkflowContext<never, unknown>) => {
      const output = await this.aggregate(Array.isArray(results) ? results : [results], ctx)
      if (output !== undefined) ctx.yieldOutput(output)
    })
  }
}

export class ConcurrentBuilder {
  private readonly participants: Executor[]
  private aggregator?: Executor
  private reviewSelection?: RequestInfoSelection

  constructor(private readonly options: ConcurrentBuilderOptions) {
    this.participants = resolveParticipants(options?.participants, 'ConcurrentBuilder')
  }

  /** An executor receiving the list of results, or a function returning the output. */
  withAggregator(aggregator: Executor | AggregatorFunction): this {
    if (aggregator instanceof Executor) this.aggregator = aggregator
    else if (typeof aggregator === 'function') this.aggregator = new CallbackAggregator('aggregator', aggregator)
    else throw new UserError('withAggregator() takes an executor or a function.')
    return this
  }

  withRequestInfo(selection: RequestInfoSelection = {}): this {
    this.reviewSelection = selection
    return this
  }

  build(): Workflow {
    const reviewed = reviewedParticipantIds(this.participants, this.reviewSelection, (c) =>
      findParticipant(this.participants, c as ExecutorLike, 'ConcurrentBuilder'),
    )
    const dispatcher = new InputToConversation('dispatcher')
    const aggregator = this.aggregator ?? new CallbackAggregator('aggregator', defaultAggregation)
    const builder = new WorkflowBuilder({
      startExecutor: dispatcher,
      name: this.options.name,
      description: this.options.description,
      checkpointStorage: this.options.checkpointStorage,
      maxIterations: this.options.maxIterations,
      outputFrom: [aggregator],
    })
    const lastSteps = this.participants.map((participant) => {
      if (!reviewed.has(participant.id)) return participant
      const gate = new AgentReviewGate(`${participant.id}-review`, participant.id, aggregator.id)
      builder.addEdge(participant, gate).addEdge(gate, participant)
      return gate
    })
    if (this.participants.length === 1) {
      builder.addEdge(dispatcher, this.participants[0]).addEdge(lastSteps[0], aggregator)
    } else {
      builder.addFanOutEdges(dispatcher, this.participants).addFanInEdges(lastSteps, aggregator)
    }
    return builder.build()
  }
}
