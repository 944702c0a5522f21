/**
 * One attempt to connect a server's tool, as a run makes it: bounded by a timeout (connecting
 * waits for no person: nobody approves anything before a server has answered `initialize`), given
 * up on when the run is cancelled, and failing with an error a person can read — every secret
 * value of the server cut out of it.
 */
import { STATUS_CODES } from 'node:http'
import { AbortError, describeConnectionFailure, UserError, type MCPTool } from '@/lib/core'
import { outboundRefusalIn } from '../outbound/outbound-policy'
import type { McpServerConfig } from './mcp-server-registry'
import { redactSecrets } from './mcp-server-secrets'

/** The SDK's own default, which connecting keeps. */
export const MCP_CONNECT_TIMEOUT_MS = 60_000

/**
 * A server could not be connected. The message is written for people (it ends up in the run's
 * error and on shared pages), so every secret value of the server is cut out of it.
 */
export class McpServerConnectError extends UserError {
  override readonly code = 'mcp_server_connect_failed'
}

/** The error's message and those of its causes, each once. */
function describeChain(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth += 1) {
    const message = current instanceof Error ? current.message : String(current)
    if (message && !parts.some((part) => part.includes(message))) parts.push(message)
    current = current instanceof Error ? (current as { cause?: unknown }).cause : undefined
  }
  return parts.join(': ')
}

/**
 * Why connecting failed, in words a person can act on: refused, DNS, TLS, an HTTP status, a
 * timeout, a command that could not be started; otherwise every message of the cause chain
 * (undici's own message, "fetch failed", says nothing by itself).
 */
export function connectFailureText(error: unknown): string {
  const failure = describeConnectionFailure(error, STATUS_CODES)
  return failure.kind === 'other' ? describeChain(error) : failure.message
}

/**
 * What a server's owner is told of a failed connect. A URL server not an admin's (its address is
 * a member's choice) gets the outbound policy's refusal or "could not connect" and nothing else:
 * no remote answer, and no word of whether anything listens there, or the server is a probe into
 * whatever the server can reach.
 */
export function connectFailureTextFor(server: McpServerConfig, error: unknown): string {
  if (server.transport === 'stdio' || server.ownerIsAdmin) return connectFailureText(error)
  return outboundRefusalIn(error)?.message ?? COULD_NOT_CONNECT
}

const COULD_NOT_CONNECT = 'Could not connect.'

function connectFailure(server: McpServerConfig, error: unknown): McpServerConnectError {
  const url = server.transport === 'stdio' ? undefined : server.config.url
  const reason = connectFailureTextFor(server, error)
  const message = reason === COULD_NOT_CONNECT ? `Could not connect to MCP server '${server.id}'.` : `Could not connect to MCP server '${server.id}': ${reason}`
  return new McpServerConnectError(redactSecrets(message, server.secrets, url))
}

/**
 * Connects `tool` within the connect timeout, unless the run is cancelled first. A tool whose
 * attempt is still going on when this gives up goes into `abandoned`: its close() would wait for it.
 */
export async function connectWithin(
  tool: MCPTool,
  server: McpServerConfig,
  context: { connectTimeoutMs?: number; signal: AbortSignal },
  abandoned: Set<MCPTool>,
): Promise<void> {
  const timeoutMs = context.connectTimeoutMs ?? MCP_CONNECT_TIMEOUT_MS
  let settled = false
  const attempt = tool.connect().then(
    () => {
      settled = true
    },
    (error: unknown) => {
      settled = true
      throw connectFailure(server, error)
    },
  )
  attempt.catch(() => {}) // also reported through the race below, unless that was lost already
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort: (() => void) | undefined
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new McpServerConnectError(`MCP server '${server.id}' did not answer within ${Math.round(timeoutMs / 100) / 10} s.`)),
      timeoutMs,
    )
    onAbort = () => reject(new AbortError())
    if (context.signal.aborted) onAbort()
    else context.signal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    await Promise.race([attempt, stopped])
  } catch (error) {
    if (!settled) abandoned.add(tool)
    throw error
  } finally {
    clearTimeout(timer)
    if (onAbort) context.signal.removeEventListener('abort', onAbort)
  }
}
