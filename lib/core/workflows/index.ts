/**
 * The workflow engine: executors wired into a graph, run in supersteps, with events, checkpoints,
 * human-in-the-loop requests and sub-workflows.
 */
export { Executor, FunctionExecutor, executor, describeType } from './executor'
export type { ExecutorJSON, FunctionExecutorOptions, MessageHandler, ResponseHandler } from './executor'
export type { WorkflowContext, RequestInfoOptions } from './context'
export { guardAccepts, isString } from './guards'
export type { MessageGuard, MessagePredicate, SafeParseSchema } from './guards'
export { switchCase, defaultCase, edgeId } from './edges'
export type {
  Case,
  Default,
  Edge,
  EdgeCondition,
  EdgeGroup,
  EdgeGroupJSON,
  EdgeJSON,
  ExecutorLike,
  FanInEdgeGroup,
  FanOutEdgeGroup,
  SelectionFunction,
  SingleEdgeGroup,
  SwitchCaseEdgeGroup,
} from './edges'
export { WorkflowBuilder, DEFAULT_MAX_ITERATIONS } from './builder'
export type { WorkflowBuilderOptions, EdgeOptions } from './builder'
export { Workflow } from './workflow'
export type { WorkflowJSON, WorkflowRunOptions } from './workflow'
export { WorkflowRunResult } from './run-result'
export { WorkflowRunState, errorDetails, workflowEventToJSON } from './events'
export type {
  AgentResponseEvent,
  AgentUpdateEvent,
  CustomWorkflowEvent,
  ExecutorBypassedEvent,
  ExecutorCompletedEvent,
  ExecutorFailedEvent,
  ExecutorInvokedEvent,
  GroupChatEvent,
  HandoffSentEvent,
  MagenticOrchestratorEvent,
  RequestInfoEvent,
  SuperstepCompletedEvent,
  SuperstepStartedEvent,
  WorkflowDataEvent,
  WorkflowErrorDetails,
  WorkflowErrorEvent,
  WorkflowEvent,
  WorkflowEventJSON,
  WorkflowEventType,
  WorkflowFailedEvent,
  WorkflowIntermediateEvent,
  WorkflowOutputEvent,
  WorkflowStartedEvent,
  WorkflowStatusEvent,
  WorkflowWarningEvent,
} from './events'
export { InMemoryCheckpointStorage, CHECKPOINT_VERSION } from './checkpoint'
export type { CheckpointMessage, CheckpointRequest, CheckpointStorage, InMemoryCheckpointStorageOptions, WorkflowCheckpoint } from './checkpoint'
export { FileCheckpointStorage } from './file-checkpoint-storage'
export { registerCheckpointType, encodeCheckpointValue, decodeCheckpointValue, toJSONValue } from './encoding'
export type { CheckpointTypeCodec, JSONValue as WorkflowJSONValue } from './encoding'
export { AgentExecutor, AgentExecutorRequest, AgentExecutorResponse, isAgentLike, resolveAgentId, toApprovalResponse } from './agent-executor'
export { runAgentWithEvents } from './agent-run'
export type { AgentExecutorOptions, SupportsAgentRun } from './agent-executor'
export {
  WorkflowValidationError,
  EdgeDuplicationError,
  GraphConnectivityError,
  WorkflowRunArgumentError,
  WorkflowAlreadyRunningError,
  WorkflowResponseError,
  WorkflowConvergenceError,
  WorkflowCheckpointError,
  WorkflowRoutingError,
} from './errors'
export type { ValidationType } from './errors'
export { WorkflowExecutor } from './workflow-executor'
export type { WorkflowExecutorOptions } from './workflow-executor'
export { SubWorkflowRequestMessage, SubWorkflowResponseMessage } from './sub-workflow-messages'
