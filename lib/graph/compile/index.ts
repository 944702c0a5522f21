export { compile, describeNode } from './compile'
export { MAX_SUB_WORKFLOW_DEPTH } from './sub-workflow'
export {
  collectAgentSettings,
  collectMcpServerIds,
  collectCredentialIds,
  collectFunctionToolNames,
  collectSkillIds,
  collectSubWorkflowRefs,
  collectAgentRefs,
} from '../document-references'
export type { AgentSettingsLookup } from '../document-references'
export type { AgentConversation, CompileOptions, CompileRegistry, ResolvedAgent } from './registry'
export { messageText, lastReply } from './messages'
export { GraphAgentExecutor } from './node-executors'
export type { HumanInputRequest } from './node-executors'
export { buildAgent, keepsConversationOnService, modelOptions, overrideApprovalMode, responseFormatOf } from './agents'
export type { BuildAgentOptions } from './agents'
export { builtinFunctionTool, listBuiltinFunctionTools } from './builtin-function-tools'
export { chatClientFor } from './chat-client-for'
