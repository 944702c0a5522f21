import type { ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import { errorName, type MCPLogger } from './logger'

/**
 * Server-initiated elicitation (asking the person for input). Declared as a capability only when
 * a callback is configured; without one, requests are declined. A callback that throws declines.
 */

export interface ElicitationContext {
  serverName: string
  /** Aborted when the server cancels the request or the connection closes. */
  signal: AbortSignal
}

export type ElicitationCallback = (params: ElicitRequestParams, context: ElicitationContext) => ElicitResult | Promise<ElicitResult>

export async function answerElicitation(
  callback: ElicitationCallback | undefined,
  params: ElicitRequestParams,
  context: ElicitationContext,
  logger: MCPLogger,
): Promise<ElicitResult> {
  logger.warn(`MCP server '${context.serverName}' sent an elicitation/create request (mode=${params.mode ?? 'form'}).`)
  if (!callback) {
    logger.warn(`Declining MCP elicitation request from '${context.serverName}': no 'elicitationCallback' configured.`)
    return { action: 'decline' }
  }
  try {
    return await callback(params, context)
  } catch (error) {
    logger.warn(`Declining MCP elicitation request from '${context.serverName}': elicitation callback raised ${errorName(error)}.`)
    return { action: 'decline' }
  }
}
