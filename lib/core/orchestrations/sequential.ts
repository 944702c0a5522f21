/**
 * Sequential orchestration: participants take turns in order, each receiving the conversation so
 * far (or only the previous agent's reply with chainOnlyAgentResponses). The workflow's output is
 * the final conversation (Message[]); each agent's reply is an intermediate output.
 *
 *   const team = new SequentialBuilder({ participants: [writer, reviewer] }).build()
 *
 * Graph: input-conversation → p1 → [review gate] → p1-conversation → p2 → … → end
 */
import type { CheckpointStorage } from '../workflows/checkpoint'
import { WorkflowBuilder } from '../workflows/builder'
import type { ExecutorLike } from '../workflows/edges'
import type { Executor } from '../workflows/executor'
import type { Workflow } from '../workflows/workflow'
import { AgentExecutor } from '../workflows/agent-executor'
import { EndWithConversation, InputToConversation, ResponseToConversation } from './conversation'
import { defaultMaxIterations, findParticipant, resolveParticipants } from './participants'
import { AgentReviewGate, reviewedParticipantIds, type RequestInfoSelection } from './request-info'

export interface OrchestrationBuilderOptions {
  name?: string
  description?: string
  checkpointStorage?: CheckpointStorage
  maxIterations?: number
}

export interface SequentialBuilderOptions extends OrchestrationBuilderOptions {
  participants: ExecutorLike[]
  /** Pass only each agent's reply to the next participant instead of the whole conversation. */
  chainOnlyAgentResponses?: boolean
}

export class SequentialBuilder {
  private readonly participants: Executor[]
  private reviewSelection?: RequestInfoSelection

  constructor(private readonly options: SequentialBuilderOptions) {
    this.participants = resolveParticipants(options?.participants, 'SequentialBuilder')
  }

  /** Pause after the replies of these agents (all agents when omitted) for a person to approve or give feedback. */
  withRequestInfo(selection: RequestInfoSelection = {}): this {
    this.reviewSelection = selection
    return this
  }

  build(): Workflow {
    const reviewed = reviewedParticipantIds(this.participants, this.reviewSelection, (c) =>
      findParticipant(this.participants, c as ExecutorLike, 'SequentialBuilder'),
    )
    const input = new InputToConversation()
    const end = new EndWithConversation()
    const agents = this.participants.filter((p) => p instanceof AgentExecutor)
    const builder = new WorkflowBuilder({
      startExecutor: input,
      name: this.options.name,
      description: this.options.description,
      checkpointStorage: this.options.checkpointStorage,
      maxIterations: this.options.maxIterations ?? defaultMaxIterations(3, this.participants.length),
      outputFrom: [end],
      intermediateOutputFrom: agents.length > 0 ? agents : undefined,
    })
    let previous: Executor = input
    for (const participant of this.participants) {
      builder.addEdge(previous, participant)
      const toConversation = new ResponseToConversation(`${participant.id}-conversation`, this.options.chainOnlyAgentResponses ?? false)
      if (reviewed.has(participant.id)) {
        const gate = new AgentReviewGate(`${participant.id}-review`, participant.id, toConversation.id)
        builder.addEdge(participant, gate).addEdge(gate, participant).addEdge(gate, toConversation)
      } else {
        builder.addEdge(participant, toConversation)
      }
      previous = toConversation
    }
    builder.addEdge(previous, end)
    return builder.build()
  }
}
