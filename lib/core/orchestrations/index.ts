/**
 * Orchestrations: ready-made workflows for teams of agents (Sequential, Concurrent, GroupChat,
 * Magentic, Handoff). Each builder's build() returns a Workflow.
 */
export { SequentialBuilder } from './sequential'
export type { SequentialBuilderOptions, OrchestrationBuilderOptions } from './sequential'
export { ConcurrentBuilder, defaultAggregation } from './concurrent'
export type { AggregatorFunction, ConcurrentBuilderOptions } from './concurrent'
export { GroupChatBuilder, GroupChatOrchestrator, GROUP_CHAT_ORCHESTRATOR_PROMPT } from './group-chat'
export type { GroupChatBuilderOptions, GroupChatSelectionFunction, GroupChatState, TerminationCondition } from './group-chat'
export { MagenticBuilder, MagenticOrchestrator, MagenticPlanReviewResponse } from './magentic'
export type { MagenticBuilderOptions, MagenticPlanReviewRequest } from './magentic'
export { StandardMagenticManager, DEFAULT_MAGENTIC_PROMPTS } from './magentic-manager'
export type { MagenticContext, MagenticManager, MagenticProgressLedger, MagenticPrompts, MagenticTaskLedger } from './magentic-manager'
export { HandoffBuilder } from './handoff'
export type { AutonomousModeOptions, HandoffBuilderOptions } from './handoff'
export { HandoffAgentExecutor, HandoffRequest, handoffToolName, DEFAULT_AUTONOMOUS_PROMPT, DEFAULT_AUTONOMOUS_TURN_LIMIT } from './handoff-agent-executor'
export type { HandoffUserInputRequest } from './handoff-agent-executor'
export { AgentRequestInfoResponse, AgentReviewGate } from './request-info'
export type { AgentReviewAnswer, AgentReviewRequest, RequestInfoSelection } from './request-info'
export { InputToConversation, ResponseToConversation, EndWithConversation, toConversation } from './conversation'
