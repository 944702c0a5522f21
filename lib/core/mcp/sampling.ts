import { ErrorCode, type CreateMessageResult, type CreateMessageResultWithTools } from '@modelcontextprotocol/sdk/types.js'
import type { ChatClient, ChatRequestOptions } from '../clients/chat-client'
import type { ChatResponse } from '../types'
import { errorName, type MCPLogger } from './logger'
import { declarationToolFromSampling, messageFromSampling, samplingResultFromResponse, type CreateMessageRequestParams } from './sampling-messages'

/**
 * Guardrails for server-initiated `sampling/createMessage`. MCP servers are untrusted, so
 * forwarding their prompts to the chat client unreviewed is a confused-deputy risk. Checks run
 * in a fixed order: client present → log → per-session rate limit (counted before approval,
 * so denials count) → approval (denied by default) → maxTokens cap → call the client.
 */

export const DEFAULT_SAMPLING_MAX_TOKENS = 4096
export const DEFAULT_SAMPLING_MAX_REQUESTS = 25

export interface SamplingApprovalContext {
  serverName: string
  /** Aborted when the server cancels the request or the connection closes. */
  signal: AbortSignal
}

/**
 * Truthy approves. An object may carry a person's edited token cap, which is still bounded by
 * `samplingMaxTokens`.
 */
/**
 * `reason` (with `approved: false`): why, told to the server instead of the plain denial, so that
 * what it answers says it (an approval nobody answered in time is no person's refusal).
 */
export type SamplingApprovalDecision = boolean | { approved?: boolean; maxTokens?: number; reason?: string } | null | undefined

export type SamplingApprovalCallback = (
  params: CreateMessageRequestParams,
  context: SamplingApprovalContext,
) => SamplingApprovalDecision | Promise<SamplingApprovalDecision>

/** A JSON-RPC error answer to the server. */
export interface MCPErrorData {
  code: number
  message: string
}

export type SamplingOutcome = CreateMessageResult | CreateMessageResultWithTools | MCPErrorData

export function isErrorData(outcome: unknown): outcome is MCPErrorData {
  return typeof outcome === 'object' && outcome !== null && typeof (outcome as MCPErrorData).code === 'number' && !('role' in outcome)
}

export interface SamplingGuardOptions {
  serverName: string
  client?: ChatClient
  approvalCallback?: SamplingApprovalCallback
  /** `null` disables the cap. */
  maxTokens?: number | null
  /** `null` disables the limit. */
  maxRequests?: number | null
  logger: MCPLogger
}

export const NO_CLIENT_MESSAGE = 'No chat client available. Please set a chat client.'
export const RATE_LIMIT_MESSAGE = 'Sampling rate limit exceeded for this MCP session.'
export const DENIED_BY_DEFAULT_MESSAGE =
  "Sampling request denied. MCP sampling is disabled by default for untrusted servers; provide a 'samplingApprovalCallback' that approves the request to enable it."
export const DENIED_BY_CALLBACK_MESSAGE = "Sampling request denied by the 'samplingApprovalCallback'."

interface Approval {
  approved: boolean
  editedMaxTokens?: number
  reason?: string
}

export class SamplingGuard {
  private requestCount = 0
  private readonly options: SamplingGuardOptions

  constructor(options: SamplingGuardOptions) {
    this.options = {
      ...options,
      maxTokens: options.maxTokens === undefined ? DEFAULT_SAMPLING_MAX_TOKENS : options.maxTokens,
      maxRequests: options.maxRequests === undefined ? DEFAULT_SAMPLING_MAX_REQUESTS : options.maxRequests,
    }
  }

  get client(): ChatClient | undefined {
    return this.options.client
  }

  /** Requests counted in this session (reset on reconnect and close). */
  get count(): number {
    return this.requestCount
  }

  reset(): void {
    this.requestCount = 0
  }

  async handle(params: CreateMessageRequestParams, signal?: AbortSignal): Promise<SamplingOutcome> {
    const { serverName, client, logger, maxRequests } = this.options
    if (!client) return { code: ErrorCode.InternalError, message: NO_CLIENT_MESSAGE }

    logger.warn(`MCP server '${serverName}' sent a sampling/createMessage request (${params.messages.length} message(s), maxTokens=${params.maxTokens}).`)

    if (maxRequests !== null && maxRequests !== undefined) {
      if (this.requestCount >= maxRequests) {
        logger.warn(`Denying MCP sampling request from '${serverName}': per-session limit of ${maxRequests} reached.`)
        return { code: ErrorCode.InvalidRequest, message: RATE_LIMIT_MESSAGE }
      }
      this.requestCount += 1
    }

    const approval = await this.askApproval(params, signal)
    if (!approval.approved) {
      const message = approval.reason
        ? `Sampling request denied: ${approval.reason}`
        : this.options.approvalCallback
          ? DENIED_BY_CALLBACK_MESSAGE
          : DENIED_BY_DEFAULT_MESSAGE
      return { code: ErrorCode.InvalidRequest, message }
    }

    const requestOptions = this.chatOptions(params, approval.editedMaxTokens)
    let response: ChatResponse | undefined
    try {
      if (signal) requestOptions.signal = signal
      response = await client.getResponse(params.messages.map(messageFromSampling), requestOptions)
    } catch (error) {
      logger.debug(`Sampling callback error: ${errorName(error)}`)
      const text = error instanceof Error ? error.message : String(error)
      return { code: ErrorCode.InternalError, message: `Failed to get chat message content: ${text}` }
    }
    if (!response || response.messages.length === 0) {
      return { code: ErrorCode.InternalError, message: 'Failed to get chat message content.' }
    }
    const conversion = samplingResultFromResponse(response)
    if (conversion.kind === 'no_content') {
      return { code: ErrorCode.InternalError, message: 'Failed to get right content types from the response.' }
    }
    return conversion.result
  }

  private async askApproval(params: CreateMessageRequestParams, signal: AbortSignal | undefined): Promise<Approval> {
    const { approvalCallback, serverName, logger } = this.options
    if (!approvalCallback) {
      logger.warn(`Denying MCP sampling request from '${serverName}': no 'samplingApprovalCallback' configured.`)
      return { approved: false }
    }
    let decision: SamplingApprovalDecision
    try {
      decision = await approvalCallback(params, { serverName, signal: signal ?? new AbortController().signal })
    } catch (error) {
      logger.warn(`Denying MCP sampling request from '${serverName}': approval callback raised ${errorName(error)}.`)
      return { approved: false }
    }
    const approval = interpretDecision(decision)
    if (!approval.approved) logger.warn(`MCP sampling request from '${serverName}' was denied by the approval callback.`)
    return approval
  }

  /** Only fields the server set are forwarded; maxTokens is always present (capped). */
  private chatOptions(params: CreateMessageRequestParams, editedMaxTokens: number | undefined): ChatRequestOptions {
    const options: ChatRequestOptions = {}
    if (params.systemPrompt !== undefined && params.systemPrompt !== null) options.instructions = params.systemPrompt
    if (params.tools !== undefined && params.tools !== null) options.tools = params.tools.map(declarationToolFromSampling)
    if (params.toolChoice?.mode !== undefined) options.toolChoice = params.toolChoice.mode
    if (params.temperature !== undefined && params.temperature !== null) options.temperature = params.temperature
    options.maxTokens = this.cappedMaxTokens(editedMaxTokens ?? params.maxTokens)
    if (params.stopSequences !== undefined && params.stopSequences !== null) options.stop = params.stopSequences
    return options
  }

  private cappedMaxTokens(requested: number): number {
    const cap = this.options.maxTokens
    if (cap !== null && cap !== undefined && requested > cap) {
      this.options.logger.warn(`Capping MCP sampling maxTokens for '${this.options.serverName}' from ${requested} to ${cap}.`)
      return cap
    }
    return requested
  }
}

function interpretDecision(decision: SamplingApprovalDecision): Approval {
  if (typeof decision === 'object' && decision !== null) {
    const approved = decision.approved !== false
    const edited = decision.maxTokens
    const reason = !approved && typeof decision.reason === 'string' && decision.reason.trim() ? decision.reason.trim() : undefined
    const approval: Approval =
      typeof edited === 'number' && Number.isFinite(edited) && edited > 0 ? { approved, editedMaxTokens: Math.floor(edited) } : { approved }
    return reason ? { ...approval, reason } : approval
  }
  return { approved: Boolean(decision) }
}
