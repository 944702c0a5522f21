export { MCPTool, type MCPToolOptions, type CallOptions } from './mcp-tool'
export { MCPStdioTool, type MCPStdioToolOptions } from './stdio-tool'
export { MCPStreamableHTTPTool, type MCPStreamableHTTPToolOptions } from './streamable-http-tool'
export { MCPWebSocketTool, type MCPWebSocketToolOptions } from './websocket-tool'
export type { HeaderProvider } from './transports/http-fetch'
export { MCPTaskOptions, type MCPTaskOptionsInit } from './task-options'
export type { MCPTaskStatus, MCPTaskStatusEvent } from './task-lifecycle'
export { MCP_TASK_END_STATUSES, isEndedTaskStatus } from './task-status'
export { MCP_FRAMEWORK_DENYLIST, isForwardedArgument } from './forwarded-arguments'
export {
  normalizeAdditionalToolArgumentNames,
  mergeInvocationArguments,
  ToolArgumentAllowlist,
  type AdditionalToolArgumentNames,
  type NormalizedArgumentNames,
  type PreparedCall,
  type TraceMetaProvider,
} from './argument-allowlist'
export { validateMcpMeta, isValidMetaKey, type MCPMeta } from './meta'
export {
  SamplingGuard,
  DEFAULT_SAMPLING_MAX_TOKENS,
  DEFAULT_SAMPLING_MAX_REQUESTS,
  NO_CLIENT_MESSAGE,
  type SamplingApprovalCallback,
  type SamplingApprovalContext,
  type SamplingApprovalDecision,
  type MCPErrorData,
} from './sampling'
export type { ElicitationCallback, ElicitationContext } from './elicitation'
export type { MCPApprovalMode, TaskSupport } from './tool-registry'
export {
  LIST_MCP_TOOLS_TOOL_NAME,
  LOAD_TOOL_TOOL_NAME,
  UNLOAD_TOOL_TOOL_NAME,
  PROGRESSIVE_DISCLOSURE_REQUIRES_LOAD_TOOLS,
  type ListedMCPTool,
} from './progressive-disclosure'
export { parseToolResult, type ParsedToolResult, type ToolResultParser } from './result-parsing'
export type { PromptResultParser } from './prompt-parsing'
export { consoleLogger, type MCPLogger } from './logger'
export { normalizeMcpName, normalizeToolNamePrefix, buildPrefixedMcpName } from './names'
export { describeConnectionFailure, type ConnectionFailure, type ConnectionFailureKind } from './connection-errors'
