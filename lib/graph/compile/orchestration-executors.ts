/**
 * Orchestration nodes (sequential, concurrent, group chat, magentic, handoff) build agents from
 * their inline participant settings, build lib/core's orchestration workflow and run it as a
 * nested workflow (WorkflowExecutor): its agent events and requests for people surface in the
 * parent run, and its result is sent on as text (concurrent: as configured).
 */
import {
  AgentExecutor,
  AgentExecutorResponse,
  ConcurrentBuilder,
  GroupChatBuilder,
  HandoffBuilder,
  MagenticBuilder,
  DEFAULT_AUTONOMOUS_PROMPT,
  SequentialBuilder,
  type Agent,
  type Executor,
  type GroupChatState,
  type SupportsAgentRun,
  type TerminationCondition,
  type Workflow,
} from '@/lib/core'
import type { GraphNode, GraphNodeOf } from '../document'
import type { AgentSettings, OrchestrationKind, Participant } from '../node-data'
import { buildAgent } from './agents'
import { messageText } from './messages'
import { NestedWorkflowExecutor } from './nested-workflow'
import type { CompileRegistry } from './registry'

type OrchestrationNode = Extract<GraphNode, { kind: OrchestrationKind }>

/** Runs the orchestration's workflow as one node of the graph. */
export function orchestrationExecutor(node: OrchestrationNode, workflow: Workflow): Executor {
  return new NestedWorkflowExecutor(workflow, node.id)
}

function workflowName(node: OrchestrationNode): string {
  return `${node.id}:${node.kind}`
}

export function sequentialWorkflow(node: GraphNodeOf<'sequential'>, registry: CompileRegistry): Workflow {
  return new SequentialBuilder({
    name: workflowName(node),
    participants: participantExecutors(node, registry),
    chainOnlyAgentResponses: node.data.chainOnlyAgentResponses,
  }).build()
}

export function magenticWorkflow(node: GraphNodeOf<'magentic'>, registry: CompileRegistry): Workflow {
  return new MagenticBuilder({
    name: workflowName(node),
    participants: participantExecutors(node, registry),
    managerAgent: buildAgent(withDefaultName(node.data.manager, 'Manager'), registry, { id: `${node.id}.manager`, where: `The manager of "${node.id}"` }),
    maxStallCount: node.data.maxStallCount,
    maxResetCount: node.data.maxResetCount,
    maxRoundCount: node.data.maxRoundCount,
    enablePlanReview: node.data.enablePlanReview,
  }).build()
}

function participantAgent(node: OrchestrationNode, participant: Participant, registry: CompileRegistry): Agent {
  return buildAgent(participant, registry, { id: participant.id, where: `Participant "${participant.name || participant.id}" of "${node.id}"` })
}

/** Participants as AgentExecutors with the document's participant ids (names may repeat; ids do not). */
function participantExecutors(node: OrchestrationNode, registry: CompileRegistry): AgentExecutor[] {
  return node.data.participants.map((participant) => new AgentExecutor(participantAgent(node, participant, registry), { id: participant.id }))
}

export function concurrentWorkflow(node: GraphNodeOf<'concurrent'>, registry: CompileRegistry): Workflow {
  const names = new Map(node.data.participants.map((p) => [p.id, p.name || p.id]))
  const replies = (results: unknown[]) =>
    results.map((result) => ({
      who: result instanceof AgentExecutorResponse ? (names.get(result.executorId) ?? result.executorId) : undefined,
      text: messageText(result),
    }))
  return new ConcurrentBuilder({ name: workflowName(node), participants: participantExecutors(node, registry) })
    .withAggregator((results) =>
      node.data.aggregation === 'list'
        ? replies(results).map((reply) => reply.text)
        : replies(results)
            .map((reply) => (reply.who ? `${reply.who}:\n${reply.text}` : reply.text))
            .join('\n\n'),
    )
    .build()
}

export function groupChatWorkflow(node: GraphNodeOf<'group_chat'>, registry: CompileRegistry): Workflow {
  const participants = participantExecutors(node, registry)
  const ids = participants.map((participant) => participant.id)
  const roundRobin = (state: GroupChatState) => ids[state.currentRound % ids.length]
  const orchestrator =
    node.data.selection === 'orchestrator' && node.data.orchestrator
      ? buildAgent(withDefaultName(node.data.orchestrator, 'Orchestrator'), registry, {
          id: `${node.id}.orchestrator`,
          where: `The orchestrator of "${node.id}"`,
        })
      : undefined
  return new GroupChatBuilder({
    name: workflowName(node),
    participants,
    maxRounds: node.data.maxRounds,
    ...(orchestrator ? { orchestratorAgent: orchestrator } : { selectionFunction: roundRobin }),
  }).build()
}

export function handoffWorkflow(node: GraphNodeOf<'handoff'>, registry: CompileRegistry): Workflow {
  // Handoff tools are named after agent ids (`handoff_to_<id>`), so each agent answers to its participant id.
  const agents = new Map<string, SupportsAgentRun>(
    node.data.participants.map((participant) => [participant.id, asParticipant(participantAgent(node, participant, registry), participant)]),
  )
  const agent = (id: string) => agents.get(id)!
  const builder = new HandoffBuilder({ name: workflowName(node), participants: [...agents.values()] })
  if (node.data.startParticipantId) builder.withStartAgent(agent(node.data.startParticipantId))
  for (const rule of node.data.handoffs) builder.addHandoff(agent(rule.from), rule.to.map(agent))
  if (node.data.autonomous) builder.withAutonomousMode({ turnLimits: node.data.autonomousTurnLimit })
  const ending = handoffEnding(node.data)
  if (ending) builder.withTerminationCondition(ending)
  return builder.build()
}

/**
 * When the conversation ends instead of waiting for the person. lib/core asks only after a reply
 * without a handoff, so "no handoff" is always true there. The person's answers are the user
 * messages with text after the input; autonomous mode's stand-in prompts and tool approvals are not answers.
 */
export function handoffEnding(data: GraphNodeOf<'handoff'>['data']): TerminationCondition | undefined {
  if (data.endWhenNoHandoff) return () => true
  const turns = data.endAfterUserTurns
  if (!turns) return undefined
  return (conversation) =>
    conversation.filter((message) => message.role === 'user' && message.text !== '' && message.text !== DEFAULT_AUTONOMOUS_PROMPT).length > turns
}

function asParticipant(agent: Agent, participant: Participant): SupportsAgentRun {
  return {
    id: participant.id,
    name: participant.id,
    description: participant.name || participant.id,
    run: (messages, options) => agent.run(messages, options),
    runStream: (messages, options) => agent.runStream(messages, options),
  }
}

function withDefaultName(settings: AgentSettings, name: string): AgentSettings {
  return settings.name.trim() ? settings : { ...settings, name }
}
