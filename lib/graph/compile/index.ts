export { compile, describeNode, MAX_SUB_WORKFLOW_DEPTH } from './compile'
export {
  collectAgentSettings,
  collectMcpServerIds,
  collectFunctionToolNames,
  collectSkillIds,
  collectSubWorkflowRefs,
} from './registry'
export type { CompileOptions, CompileRegistry } from './registry'
export { messageText, lastReply } from './messages'
export { GraphAgentExecutor } from './node-executors'
export type { HumanInputRequest } from './node-executors'
export { modelOptions, overrideApprovalMode } from './agents'
