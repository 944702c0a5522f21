import type { ChatClient } from '../clients/chat-client'
import type { FunctionTool } from '../tools/function-tool'
import type { AdditionalToolArgumentNames, TraceMetaProvider } from './argument-allowlist'
import type { ElicitationCallback } from './elicitation'
import type { MCPLogger } from './logger'
import type { MCPMeta } from './meta'
import type { PromptResultParser } from './prompt-parsing'
import type { ToolResultParser } from './result-parsing'
import type { SamplingApprovalCallback } from './sampling'
import type { MCPTaskOptions } from './task-options'
import type { MCPTaskStatusEvent } from './task-lifecycle'
import type { MCPApprovalMode } from './tool-registry'

/** Options every MCPTool transport shares. */
export interface MCPToolOptions {
  name: string
  description?: string
  toolNamePrefix?: string
  approvalMode?: MCPApprovalMode
  /** Undefined exposes every tool; `[]` exposes none. */
  allowedTools?: readonly string[]
  loadTools?: boolean
  /**
   * Offer the loader tools list_mcp_tools, load_tool and unload_tool (prefixed like the server's
   * tools) instead of every tool; the agent loads what it needs. Requires `loadTools`. Default false.
   */
  useProgressiveDisclosure?: boolean
  /** With progressive disclosure: tools offered from the start (matched like `allowedTools`, which still applies). */
  alwaysLoad?: readonly string[]
  loadPrompts?: boolean
  parseToolResults?: ToolResultParser
  parsePromptResults?: PromptResultParser
  /** Timeout of each request to the server (the SDK's default is 60 s). */
  requestTimeoutMs?: number
  /** The chat client that answers the server's sampling requests. */
  client?: ChatClient
  samplingApprovalCallback?: SamplingApprovalCallback
  /** `null` disables the cap. Default 4096. */
  samplingMaxTokens?: number | null
  /** `null` disables the limit. Default 25 per session. */
  samplingMaxRequests?: number | null
  taskOptions?: MCPTaskOptions
  /** Called on every observed status change of a long-running task (for progress and Cancel in a UI). */
  onTaskStatus?: (event: MCPTaskStatusEvent) => void
  additionalToolArgumentNames?: AdditionalToolArgumentNames
  elicitationCallback?: ElicitationCallback
  /** Adds trace-context keys to each tools/call `_meta` (e.g. from an OpenTelemetry propagator). */
  traceMetaProvider?: TraceMetaProvider
  /** Called after a (re)load changed `functions`. */
  onFunctionsChanged?: (functions: FunctionTool[]) => void
  logger?: MCPLogger
  clientInfo?: { name: string; version: string }
  additionalProperties?: Record<string, unknown>
}

export interface CallOptions {
  signal?: AbortSignal
  /** The model's function call this tool call answers, when known; task status events carry it. */
  callId?: string
}

export const DEFAULT_CLIENT_INFO = { name: 'agentloom', version: '0.1.0' }
export const TOOLS_NOT_LOADED = 'Tools are not loaded for this server, please set loadTools: true in the constructor.'
export const PROMPTS_NOT_LOADED = 'Prompts are not loaded for this server, please set loadPrompts: true in the constructor.'

export interface ToolCallParams {
  name: string
  arguments: Record<string, unknown>
  _meta?: MCPMeta
  [key: string]: unknown
}

export function lostCallMessage(toolName: string): string {
  return `Failed to call tool '${toolName}' - connection lost.`
}
