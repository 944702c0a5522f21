import { McpError, type ListPromptsResult, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js'
import { ToolExecutionException } from '../errors'
import type { MCPConnection } from './connection'
import { isConnectionLost } from './connection-errors'
import type { MCPLogger } from './logger'
import type { ToolRegistry } from './tool-registry'

/**
 * Paginated tools/list and prompts/list. Before each page the connection is checked with a ping
 * (a server answering -32601 turns pings off; any other failure reconnects without loading);
 * a page that loses the connection reconnects once and is retried.
 */

export interface ListingPort {
  logger: MCPLogger
  connection(): MCPConnection
  generation(): number
  reconnectWithoutLoading(staleGeneration: number): Promise<void>
  pingAvailable(): boolean
  disablePing(): void
  requestOptions(signal: AbortSignal | undefined): { signal?: AbortSignal; timeout?: number } | undefined
}

const METHOD_NOT_FOUND = -32601

async function ensureConnected(port: ListingPort, signal: AbortSignal | undefined): Promise<void> {
  if (!port.pingAvailable()) return
  const generation = port.generation()
  try {
    await port.connection().client.ping(port.requestOptions(signal))
    return
  } catch (error) {
    if (signal?.aborted) throw error
    if (error instanceof McpError && error.code === METHOD_NOT_FOUND) {
      port.disablePing()
      port.logger.debug('Skipping future MCP pings because the server does not support ping.')
      return
    }
  }
  port.logger.info('MCP connection invalid or closed. Reconnecting...')
  try {
    await port.reconnectWithoutLoading(generation)
  } catch (error) {
    throw new ToolExecutionException('Failed to establish MCP connection.', { cause: error })
  }
}

async function fetchPage<T>(
  port: ListingPort,
  what: 'tools' | 'prompts',
  signal: AbortSignal | undefined,
  fetch: (connection: MCPConnection) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    await ensureConnected(port, signal)
    const generation = port.generation()
    try {
      return await fetch(port.connection())
    } catch (error) {
      if (signal?.aborted || !isConnectionLost(error)) throw error
      if (attempt > 0) throw new ToolExecutionException(`Failed to load ${what} - connection lost.`, { cause: error })
      port.logger.info(`MCP connection closed unexpectedly while loading ${what}. Reconnecting...`)
      try {
        await port.reconnectWithoutLoading(generation)
      } catch (reconnectError) {
        throw new ToolExecutionException('Failed to reconnect to MCP server.', { cause: reconnectError })
      }
    }
  }
}

/** Loads every page; returns the declared parameter names per remote tool (undefined when skipped). */
export async function listTools(
  port: ListingPort,
  registry: ToolRegistry,
  signal?: AbortSignal,
): Promise<ReadonlyMap<string, ReadonlySet<string>> | undefined> {
  const listing = registry.beginToolListing()
  let cursor: string | undefined
  do {
    const page: ListToolsResult = await fetchPage(port, 'tools', signal, (connection) =>
      connection.client.listTools(cursor === undefined ? undefined : { cursor }, port.requestOptions(signal)),
    )
    signal?.throwIfAborted()
    registry.absorbToolPage(listing, page.tools)
    cursor = page.nextCursor
  } while (cursor)
  return registry.finishToolListing(listing)
}

export async function listPrompts(port: ListingPort, registry: ToolRegistry, signal?: AbortSignal): Promise<void> {
  let cursor: string | undefined
  do {
    const page: ListPromptsResult = await fetchPage(port, 'prompts', signal, (connection) =>
      connection.client.listPrompts(cursor === undefined ? undefined : { cursor }, port.requestOptions(signal)),
    )
    signal?.throwIfAborted()
    registry.absorbPrompts(page.prompts)
    cursor = page.nextCursor
  } while (cursor)
}
