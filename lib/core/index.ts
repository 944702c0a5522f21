/**
 * Entry point: the public API of the agent framework, for Node code (lib/server, lib/graph's compiler,
 * app route handlers, scripts, bench). Code outside lib/core imports lib/core through its entry points
 * only (lint: core-entry-points):
 *   '@/lib/core'              this file — everything; pulls in the MCP SDK, openai and node builtins
 *   '@/lib/core/browser'      the browser-safe part (messages, errors, MCP task statuses) for code the
 *                             browser bundles: components, lib/contracts, lib/graph outside compile/
 *   '@/lib/core/testing'      test helpers (ScriptedChatClient, the HistoryProvider contract) — tests only
 *   '@/lib/core/mcp/testing'  MCP test servers and fixtures — tests and bench only
 * Names are exported one by one (types separately); the other areas' barrels follow at the end.
 */

// Messages, contents, responses
export {
  AgentResponse,
  AgentResponseUpdate,
  ChatResponse,
  Message,
  addUsage,
  errorContent,
  functionApprovalRequest,
  functionCallContent,
  functionResultContent,
  functionResultText,
  normalizeMessages,
  reasoningContent,
  textContent,
  toFunctionApprovalResponse,
  updateText,
  usageContent,
} from './types'
export type {
  AgentResponseInit,
  AgentResponseJSON,
  AgentResponseUpdateInit,
  AgentResponseUpdateJSON,
  ChatResponseInit,
  ChatResponseJSON,
  ChatResponseUpdate,
  Content,
  ContentType,
  DataContent,
  ErrorContent,
  FinishReason,
  FunctionApprovalRequestContent,
  FunctionApprovalResponseContent,
  FunctionCallContent,
  FunctionResultContent,
  MessageInit,
  MessageInput,
  MessageJSON,
  Role,
  TextContent,
  TextReasoningContent,
  ToolChoice,
  UriContent,
  UsageContent,
  UsageDetails,
} from './types'

// Errors
export {
  AbortError,
  AgentConfigurationError,
  ChatClientException,
  ChatClientInitializationError,
  ChatClientInvalidRequestError,
  ChatClientResponseException,
  CoreError,
  CorruptHistoryLineError,
  HistoryProviderError,
  MCPConfigurationError,
  MCPConnectionException,
  SessionPathError,
  StructuredOutputError,
  SystemError,
  ToolDefinitionError,
  ToolException,
  ToolExecutionException,
  UnexpectedModelCallError,
  UserError,
  WorkflowException,
  isCoreError,
  isUserError,
  throwIfAborted,
} from './errors'
export { abortable, abortableIterable, raceAbort, sleep } from './abort'

// Chat clients
export {
  BaseChatClient,
  DEFAULT_OLLAMA_BASE_URL,
  DEMO_MODEL_ID,
  DemoChatClient,
  JUDGE_REQUEST_TAG,
  UpdateAssembler,
  chatResponseFromUpdates,
  chatResponseToUpdates,
  listProviderModels,
} from './clients'
export type { BaseChatClientOptions, ChatClient, ChatOptions, ChatRequestOptions, ListModelsOptions, ModelListProvider, ProviderModel } from './clients'

// Structured output (ChatOptions.responseFormat → ChatResponse.value / AgentResponse.value)
export { DEFAULT_FORMAT_NAME, fillStructuredValue, normalizeResponseFormat, parseStructuredValue, qualifiesForStrictMode } from './structured-output'
export type {
  ChatCompletionsResponseFormat,
  JsonSchemaResponseFormat,
  NormalizedJsonSchemaFormat,
  NormalizedResponseFormat,
  ResponseFormat,
} from './structured-output'

// Tools
export { FunctionTool, REJECTED_BY_USER_RESULT, RunToolSet, isFunctionTool, isToolProvider, normalizeFunctionInvocationConfiguration, tool } from './tools'
export type {
  ApprovalMode,
  ArgumentsResult,
  ArgumentsValidator,
  FunctionInvocationConfiguration,
  FunctionInvocationOptions,
  FunctionToolInit,
  JSONSchema,
  JsonSchemaToolDefinition,
  ToolLike,
  ToolProvider,
  ZodToolDefinition,
} from './tools'

// Middleware
export {
  AgentMiddleware,
  ChatMiddleware,
  FunctionInvocationContext,
  FunctionMiddleware,
  agentMiddleware,
  chatMiddleware,
  functionMiddleware,
} from './middleware'
export type {
  AgentContext,
  AgentMiddlewareFunction,
  AgentMiddlewareLike,
  ChatContext,
  ChatMiddlewareFunction,
  ChatMiddlewareLike,
  FunctionMiddlewareFunction,
  FunctionMiddlewareLike,
  Middleware,
  MiddlewareKind,
  NextFunction,
} from './middleware'

// Agents
export { Agent } from './agents'
export type { AgentOptions, AgentRunOptions } from './agents'
export { AgentRunStream } from './agent-loop/agent-run-stream'
export { silentLogger } from './logger'
export type { Logger } from './logger'

// Sessions and history
export {
  AgentSession,
  ContextProvider,
  FileHistoryProvider,
  HistoryProvider,
  InMemoryHistoryProvider,
  SessionContext,
  applyHistoryWindow,
  estimateTokens,
  isHistoryProvider,
  // for history providers backed by other stores (the app's Postgres one)
  messageJSONSchema,
  parseStoredMessage,
} from './sessions'
export type {
  AgentSessionInit,
  AgentSessionJSON,
  ContextProviderRunArgs,
  FileHistoryProviderOptions,
  HistoryAccess,
  HistoryProviderOptions,
  HistoryWindow,
} from './sessions'

// Other areas
export * from './mcp'
export * from './workflows'
export * from './orchestrations'
export * from './clients/openai'
export * from './clients/anthropic'
export * from './clients/gemini'
export * from './skills'
export * from './harness'
export * from './telemetry'
